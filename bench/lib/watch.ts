/**
 * Where a measure's time goes, watched while it runs: what the database's
 * backends are doing (pg_stat_activity, every 100 ms: on CPU, waiting for a
 * lock and in which statement, idle in a transaction while the client
 * thinks, idle), the statements that took the database's time
 * (pg_stat_statements by total time), and, for the API, its event loop's
 * delay and the requests waiting for one of its pool's connections (its
 * /metrics, every second).
 */
import pg from 'pg';
import { round } from './stats';

/** Backend states as shares of the backends' time, the statements waiting for locks, and the API's own. */
export type Watched = {
  backends: number;
  states: Record<string, number | null>;
  lockWaits: Record<string, number | null>;
  topStatements: { query: string; calls: number; meanMs: number | null; totalMs: number | null }[];
  /** Milliseconds the database spent executing statements, per event. */
  databaseMsPerEvent: number | null;
  api?: {
    eventLoopDelayMeanMs: number | null;
    eventLoopDelayP99Ms: number | null;
    eventLoopDelayMaxMs: number | null;
    poolWaitingMean: number | null;
    poolWaitingMax: number;
    /** A statement's time as the API's driver sees it (sent to answer read), mean ms. */
    statementMeanMs: number | null;
  };
};

const SAMPLE = `select /* bench */
    case when wait_event_type = 'Lock' then 'lock wait (' || wait_event || ')'
         when state = 'active' and wait_event is null then 'active, on CPU'
         when state = 'active' then 'active, ' || wait_event_type || ':' || wait_event
         else state end as what,
    case when wait_event_type = 'Lock'
         then left(regexp_replace(query, '\\s+', ' ', 'g'), 90) end as waiting,
    count(*)::int as n
  from pg_stat_activity
  where backend_type = 'client backend' and pid <> pg_backend_pid()
    and application_name = $1
  group by 1, 2`;

const TOP = `select /* bench */ left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as query,
    calls::int, mean_exec_time as mean, total_exec_time as total
  from pg_stat_statements
  where query not ilike '%pg_stat_statements%' and query not ilike '%/* bench */%'
  order by total_exec_time desc limit 8`;

const TOTAL = `select /* bench */ coalesce(sum(total_exec_time), 0) as total from pg_stat_statements
  where query not ilike '%pg_stat_statements%' and query not ilike '%/* bench */%'`;

/** The API's /metrics as name{labels} -> value. */
async function scrape(base: string, token: string) {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line) continue;
    const space = line.lastIndexOf(' ');
    values.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return values;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/**
 * Runs `measure` while watching. `application`: the application name of the
 * backends measured (the API's connections, or the floor's); `api`: the
 * API's base URL and metrics token, when an API serves the measure. Call
 * after pg_stat_statements is reset; `events` counts the measure's events.
 */
export async function watched<T>(
  url: string,
  options: { application: string; api?: { base: string; token: string } },
  measure: () => Promise<T>,
  events: (result: T) => number,
): Promise<{ result: T; watched: Watched }> {
  const client = new pg.Client({ connectionString: url, application_name: 'bench-watch' });
  await client.connect();
  const states = new Map<string, number>();
  const lockWaits = new Map<string, number>();
  let samples = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const { rows } = await client.query<{ what: string; waiting: string | null; n: number }>(
        SAMPLE,
        [options.application],
      );
      samples++;
      for (const row of rows) {
        states.set(row.what, (states.get(row.what) ?? 0) + row.n);
        if (row.waiting) lockWaits.set(row.waiting, (lockWaits.get(row.waiting) ?? 0) + row.n);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const loop = { mean: [] as number[], p99: [] as number[], max: [] as number[] };
  const waiting: number[] = [];
  const api = options.api;
  // Each scrape resets the event loop's histogram: each covers the second before it.
  const first = api ? await scrape(api.base, api.token) : undefined;
  const scraping = (async () => {
    if (!api) return undefined;
    let last = first!;
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (!running) break;
      last = await scrape(api.base, api.token);
      loop.mean.push(last.get('nodejs_eventloop_lag_mean_seconds')! * 1000);
      loop.p99.push(last.get('nodejs_eventloop_lag_p99_seconds')! * 1000);
      loop.max.push(last.get('nodejs_eventloop_lag_max_seconds')! * 1000);
      waiting.push(last.get('cabdesk_db_connections{state="waiting"}') ?? 0);
    }
    return last;
  })();
  let result: T;
  try {
    result = await measure();
  } finally {
    running = false;
    await sampling;
  }
  const last = await scraping;
  const n = events(result);
  const top = await client.query<{ query: string; calls: number; mean: number; total: number }>(
    TOP,
  );
  const total = await client.query<{ total: number }>(TOTAL);
  await client.end();
  const backendSamples = [...states.values()].reduce((a, b) => a + b, 0);
  const share = (map: Map<string, number>) =>
    Object.fromEntries(
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([what, count]) => [what, round(count / backendSamples, 3)]),
    );
  const statement = (name: string) =>
    (last?.get(`cabdesk_db_query_duration_seconds_${name}`) ?? 0) -
    (first?.get(`cabdesk_db_query_duration_seconds_${name}`) ?? 0);
  return {
    result,
    watched: {
      backends: round(backendSamples / samples, 1) ?? 0,
      states: share(states),
      lockWaits: share(lockWaits),
      topStatements: top.rows.map((row) => ({
        query: row.query,
        calls: row.calls,
        meanMs: round(row.mean, 2),
        totalMs: round(row.total, 0),
      })),
      databaseMsPerEvent: round(Number(total.rows[0]!.total) / n, 2),
      ...(api
        ? {
            api: {
              eventLoopDelayMeanMs: round(mean(loop.mean), 1),
              eventLoopDelayP99Ms: round(mean(loop.p99), 1),
              eventLoopDelayMaxMs: round(Math.max(...loop.max), 1),
              poolWaitingMean: round(mean(waiting), 1),
              poolWaitingMax: Math.max(0, ...waiting),
              statementMeanMs: round((statement('sum') / statement('count')) * 1000, 2),
            },
          }
        : {}),
    },
  };
}
