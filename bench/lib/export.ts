/**
 * Issue 21 in the bench: the CSV export of every trip on PostgreSQL (rows/s,
 * and the API's resident memory: its peak over idle while streaming, sampled
 * from /proc/<pid>/status). The command palette's lookup calls are measured
 * with the other calls, beside their floor (calls.ts).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE } from './floor';

/** The pid of the process listening on `port` (the API child), from `ss`. */
function pidListeningOn(port: string): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`bench: no process found listening on port ${port}`);
  return Number(pid);
}

/** Resident memory of a process in MiB (VmRSS). */
function rssMib(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

export type ExportFigures = {
  list: string;
  rows: number;
  megabytes: number;
  seconds: number;
  rows_per_s: number;
  idle_rss_mib: number;
  peak_rss_mib: number;
  rss_over_idle_mib: number;
};

/**
 * Downloads `ride-list?format=csv` (every trip) from the running API, reading
 * the stream as a client does, while sampling the API's RSS every 20 ms.
 * Writes bench/results/<name>-export.json.
 */
export async function measureExport(
  base: string,
  token: string,
  resultsDir: string,
  name: string,
  log: (msg: string) => void,
): Promise<ExportFigures> {
  const pid = pidListeningOn(new URL(base).port);
  const idle = rssMib(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMib(pid));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`${base}${API_BASE}ride-list?format=csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok || !res.body) throw new Error(`bench: export answered ${res.status}`);
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMib(pid));
  const rows = lines - 1; // the header
  const figures: ExportFigures = {
    list: 'ride-list',
    rows,
    megabytes: Math.round(bytes / 2 ** 20),
    seconds: Math.round(seconds * 10) / 10,
    rows_per_s: Math.round(rows / seconds),
    idle_rss_mib: Math.round(idle),
    peak_rss_mib: Math.round(peak),
    rss_over_idle_mib: Math.round(peak - idle),
  };
  log(
    `  export of ${rows} trips: ${figures.rows_per_s} rows/s, ${figures.megabytes} MiB in ${figures.seconds} s, ` +
      `RSS ${figures.idle_rss_mib} -> ${figures.peak_rss_mib} MiB (+${figures.rss_over_idle_mib})`,
  );
  writeFileSync(join(resultsDir, `${name}-export.json`), `${JSON.stringify(figures, null, 2)}\n`);
  return figures;
}
