/**
 * npm run simulate -- [--url URL] [--key KEY --secret SECRET --port PORT] [--interval 4] [--steps N]
 *                      [--drivers N]
 *
 * Drives realistic marketplace activity against a running Cabdesk, through
 * its integration API, and hears its webhooks on a loopback receiver (see
 * simulation.ts). With --key and --secret it uses a key and an endpoint an
 * Owner made in Settings -> Integrations and Webhooks (the endpoint's URL is
 * the receiver's, printed at the start). Without them, on PostgreSQL
 * (DATABASE_URL) it makes its own, as SIMULATE=true does; a PGlite data
 * directory opens in one process only, so there start the server with
 * SIMULATE=true instead.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { runCommand } from '../lib/command';
import { provisionSimulator } from './provision';
import { RECEIVER_PATH } from './receiver';
import { runSimulation, type Credentials } from './simulation';

const USAGE = `usage: npm run simulate -- [--url URL] [--key KEY --secret SECRET] [--port PORT]
                            [--interval SECONDS] [--steps N] [--drivers N]

  --url        the running Cabdesk (default http://localhost:$PORT, PORT default 8080)
  --key        an integration key with people, vehicles, documents, trips, payments and
               positions:write
  --secret     the signing secret of the webhook endpoint pointing at the receiver
  --port       the receiver's port on 127.0.0.1 (default: a free one); its URL is
               http://127.0.0.1:PORT${RECEIVER_PATH}
  --interval   seconds between two events (default 4)
  --steps      stop after N events (default: run until Ctrl+C)
  --drivers    a standing fleet of N drivers (sim-fleet-d1...), registered through the
               integration API unless they are there, driving the demo city's streets and
               sending a position every 4 s each (default 12; 0: only the drivers the
               events register drive)

Without --key and --secret, the simulator makes its own key and endpoint in the database
DATABASE_URL names (PostgreSQL). On the embedded database run SIMULATE=true npm start instead.

environment: CABDESK_INTEGRATION_KEY and CABDESK_WEBHOOK_SECRET stand for --key and --secret`;

type Args = {
  url: string;
  key?: string;
  secret?: string;
  port: number;
  intervalMs: number;
  steps?: number;
  drivers: number;
};

function parse(argv: string[]): Args | string {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 8080}` },
        key: { type: 'string', default: process.env.CABDESK_INTEGRATION_KEY },
        secret: { type: 'string', default: process.env.CABDESK_WEBHOOK_SECRET },
        port: { type: 'string', default: '0' },
        interval: { type: 'string', default: '4' },
        steps: { type: 'string' },
        drivers: { type: 'string', default: '12' },
      },
      strict: true,
      allowPositionals: false,
    });
    const interval = Number(values.interval);
    if (!Number.isFinite(interval) || interval < 0.2) return '--interval must be at least 0.2';
    const steps = values.steps === undefined ? undefined : Number(values.steps);
    if (steps !== undefined && (!Number.isInteger(steps) || steps < 1)) {
      return '--steps must be a whole number of at least 1';
    }
    const drivers = Number(values.drivers);
    if (!Number.isInteger(drivers) || drivers < 0 || drivers > 100_000) {
      return '--drivers must be a whole number from 0 to 100000';
    }
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) return '--port must be a port number';
    if (!URL.canParse(values.url)) return '--url must be a URL such as http://localhost:8080';
    if (Boolean(values.key) !== Boolean(values.secret)) {
      return '--key and --secret go together (or neither, on PostgreSQL)';
    }
    return {
      url: values.url.replace(/\/+$/, ''),
      key: values.key,
      secret: values.secret,
      port,
      intervalMs: Math.round(interval * 1000),
      steps,
      drivers,
    };
  } catch (error) {
    return (error as Error).message;
  }
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(`${args}\n\n${USAGE}`);
    return 1;
  }
  if (!args.key && !process.env.DATABASE_URL) {
    console.error(
      'The simulator needs an integration key and a webhook endpoint.\n\n' +
        'On the embedded database, run it inside the server:  SIMULATE=true npm start\n' +
        'or make a key and an endpoint in Settings -> Integrations and pass --key and --secret.\n\n' +
        USAGE,
    );
    return 1;
  }
  // Only to make its key and endpoint, as an Owner would: the marketplace goes through the API.
  const database = args.key
    ? null
    : await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 1 });
  const credentials = async (receiverUrl: string): Promise<Credentials> => {
    if (args.key && args.secret) return { key: args.key, secret: args.secret };
    try {
      return await provisionSimulator(database!.db, receiverUrl);
    } finally {
      await database!.close();
    }
  };
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  console.log(
    `simulating on ${args.url}, one event every ${args.intervalMs / 1000} s; Ctrl+C stops`,
  );
  const done = await runSimulation({
    baseUrl: args.url,
    credentials,
    receiverPort: args.port,
    intervalMs: args.intervalMs,
    steps: args.steps,
    drivers: args.drivers,
    signal: stop.signal,
    log: (line) => console.log(`${new Date().toISOString().slice(11, 19)}  ${line}`),
  });
  console.log(`${done} events`);
  return 0;
}

runCommand(main);
