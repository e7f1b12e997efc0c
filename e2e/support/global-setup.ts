import { spawn, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailSink } from './mail-sink';
import { artifactsDir, repoRoot, webDist } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    /** Where the loopback SMTP server writes the e-mails the API sends (see mail-sink.ts). */
    mailDir: string;
  }
}

const ADMIN_EMAIL = 'admin@cabdesk.test';
const ADMIN_PASSWORD = 'e2e-Admin-Pass-2024';
const READY_TIMEOUT_MS = 180_000;

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
 * Starts the production server (built web app + API) on a free loopback port
 * over a fresh data directory, for the whole run, and removes it afterwards.
 */
export default async function setup(project: TestProject) {
  // Walk an already running server instead (e.g. while developing): E2E_BASE_URL,
  // E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD.
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    project.provide('adminEmail', process.env.E2E_ADMIN_EMAIL ?? ADMIN_EMAIL);
    project.provide('adminPassword', process.env.E2E_ADMIN_PASSWORD ?? ADMIN_PASSWORD);
    project.provide('mailDir', process.env.E2E_MAIL_DIR ?? '');
    return;
  }
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(
      `The built web app is missing (${webDist}index.html). Build it first: npm run build --workspace apps/web`,
    );
  }
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(artifactsDir, 'server.log');
  const mailDir = join(dataDir, 'mail');
  const mail = await startMailSink(mailDir);
  const log = createWriteStream(logFile);

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SMTP_URL: mail.url,
      // The walks sign in a dozen times within minutes from one address: above
      // that, the default limit (10 per 15 minutes) would refuse them.
      LOGIN_MAX_ATTEMPTS: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const cleanup = async () => {
    await stop(child);
    await mail.close();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseUrl, child, logFile);
  } catch (error) {
    await cleanup();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('mailDir', mailDir);

  return cleanup;
}
