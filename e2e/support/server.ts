import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startPostgres } from '../../scripts/postgres.mjs';
import { startMailSink } from './mail-sink';
import { apiDist, artifactsDir, repoRoot } from './paths';

/** A server the walks of one worker use, alone. */
export interface WalkServer {
  baseUrl: string;
  /** Where the loopback SMTP server writes the e-mails this server sends (see mail-sink.ts). */
  mailDir: string;
}

export const ADMIN_EMAIL = 'admin@cabdesk.test';
export const ADMIN_PASSWORD = 'e2e-Admin-Pass-2024';
// Two servers create and seed their databases at once on two shared cores.
const READY_TIMEOUT_MS = 300_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(file: string, lines = 40) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The API server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail(logFile)}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`The API server was not ready within ${READY_TIMEOUT_MS} ms:\n${tail(logFile)}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts server `name`: the production server (built web app + API) on a free
 * loopback port, over a fresh database with the demo data, with its own mail
 * sink and log. The database is a throw-away PostgreSQL server of its own,
 * its files in memory where there is room, as the API suite's (production's
 * engine: the walks ran a fifth faster than on PGlite, and PGlite's
 * differences are the API's conformance set); `E2E_ENGINE=pglite`
 * walks the embedded default instead, in e2e/artifacts/server-<name>/data
 * (`engine` chooses for one server). `settings` are environment variables of
 * its own, over these. Answers it once ready, and how to stop it (the data and
 * mail go, the log stays for a failed run).
 */
export async function startServer(
  name: string,
  settings: Record<string, string> = {},
  {
    engine = process.env.E2E_ENGINE === 'pglite' ? 'pglite' : 'postgres',
  }: {
    engine?: 'postgres' | 'pglite';
  } = {},
) {
  const dir = join(artifactsDir, `server-${name}`);
  rmSync(dir, { recursive: true, force: true });
  const dataDir = join(dir, 'data');
  const mailDir = join(dir, 'mail');
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(dir, 'server.log');
  const mail = await startMailSink(mailDir);
  const log = createWriteStream(logFile);
  const postgres = engine === 'pglite' ? null : await startPostgres({ inMemory: true });
  const database = postgres ? { DATABASE_URL: postgres.url, SEED_DEMO: 'true' } : {};

  // The compiled server, as `npm start` runs it (global-setup.ts checks it is built).
  const child = spawn(process.execPath, [join(apiDist, 'server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Production's build, with the one setting only tests may lower: the password hash's
      // cost, which makes each sign-in slow by design, and the walks sign in over a hundred
      // times (production's floor is API-tested in test/security/passwords.test.ts).
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: '10',
      // Outside production the request lines are at debug: a failed walk's log keeps them.
      LOG_LEVEL: 'debug',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...database,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SMTP_URL: mail.url,
      // The walks sign in a dozen times within minutes from one address: above
      // that, the default limit (10 per 15 minutes) would refuse them.
      LOGIN_MAX_ATTEMPTS: '100',
      // The integration walk's webhook receiver listens on loopback.
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      // The demo's recent Pending trips would raise "Trip waiting for a driver" in every
      // bell 30 seconds in, under the walks' counts and toasts: a day's wait raises none.
      // The alerts are API-tested (modules/live/alerts.test.ts) until their panel's walk.
      LIVE_WAITING_MINUTES: '1440',
      // A walk waits for the live check to see what it set up: every 2 seconds, not 30.
      LIVE_CHECK_SECONDS: '2',
      // A walk's own server may differ (e.g. the operator's basemap of map-style.test.ts).
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stopServer = async () => {
    await stop(child);
    await mail.close();
    postgres?.stop();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, child, logFile);
  } catch (error) {
    await stopServer();
    throw error;
  }
  return { server: { baseUrl, mailDir } satisfies WalkServer, stop: stopServer };
}
