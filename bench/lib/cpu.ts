/**
 * CPU time spent by each side of a measured call, from /proc (Linux): the API
 * process, the PostgreSQL server's processes (every process named `postgres`:
 * the bench's server is the only one on the machine), and the bench's own
 * process (autocannon or the floor's workers). Under a load that keeps both
 * cores busy a call's latency follows the CPU all sides spend on it, so these
 * say what a ratio of the API to its floor can be: the API's CPU per call is
 * what no faster SQL takes away.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** CPU milliseconds per request of each side; null where not measured (no such process). */
export type CpuPerRequest = { api: number | null; database: number | null; client: number };

const TICKS_PER_SECOND =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** User and system CPU of a process so far, in ms (0 when it is gone or /proc is missing). */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The parent process of `pid` (0 when it is gone). */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** PostgreSQL's processes: every one named `postgres`, or only `postmaster` and its children. */
function postgresPids(postmaster?: number): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      })
      .filter((pid) => !postmaster || pid === postmaster || parentOf(pid) === postmaster);
  } catch {
    return [];
  }
}

/**
 * Starts counting, and answers the function that gives each side's CPU per
 * request since then, for the `requests` made. `apiPid` is the API server's
 * process (none for the floor); the database side is null where no PostgreSQL
 * process runs (PGlite runs inside the API, or inside the bench for the floor).
 * `postmaster` counts only that server's processes, where others run beside it.
 */
export function cpuMeter(apiPid?: number, postmaster?: number) {
  // A backend that starts during the run (a pool's new connection) counts from 0.
  const database = new Map(postgresPids(postmaster).map((pid) => [pid, cpuMsOf(pid)]));
  const own = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  const start = { api: apiPid ? cpuMsOf(apiPid) : 0, client: own() };
  return (requests: number): CpuPerRequest => {
    const per = (ms: number) => (requests > 0 ? ms / requests : NaN);
    const now = postgresPids(postmaster);
    const databaseMs = now.reduce((sum, pid) => sum + cpuMsOf(pid) - (database.get(pid) ?? 0), 0);
    return {
      api: apiPid ? per(cpuMsOf(apiPid) - start.api) : null,
      database: now.length ? per(databaseMs) : null,
      client: per(own() - start.client),
    };
  };
}
