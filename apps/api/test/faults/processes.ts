import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { login, urlOf } from '@cabdesk/contract';
import pg from 'pg';
import { freePort, startPostgres } from '../../../../scripts/postgres.mjs';
import type { Database } from '../../src/db/client';
import { ADMIN, createAdmin } from '../helper';

/**
 * Fault-test support: the real server as its own process (`node --import tsx
 * src/server.ts`, production settings), nginx in front of it, and a plain HTTP
 * client with one connection per call (a killed server must not leave a pooled
 * socket behind for the next call).
 */

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** Every process a fault test started, so none outlives the test run. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** An answer; `json` is the parsed envelope (undefined when the body is not JSON). */
export type Answer<T = unknown> = {
  status: number;
  headers: Record<string, string>;
  body: string;
  json: { status: boolean; message: string; data: T };
};

/** One HTTP call on a fresh connection; rejects when the connection fails or is cut. */
export function call<T = unknown>(
  base: string,
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: options.method ?? (payload ? 'POST' : 'GET'),
        agent: false,
        timeout: 15_000,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('error', reject);
        res.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(body);
          } catch {
            json = undefined;
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body,
            json: json as Answer<T>['json'],
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer within 15 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A second administrator: what one does reaches the others live, not its author. */
const COLLEAGUE = { email: 'colleague@cabdesk.test', password: 'another fine password' };

/** Creates COLLEAGUE (an Operator) in `database` and signs in on `base`; answers the token. */
export async function colleagueOn(database: Database, base: string) {
  await createAdmin(database, COLLEAGUE, 'Operator'); // an upsert: a second call is fine
  return signIn(base, {}, COLLEAGUE);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in as ADMIN (or `as`); answers the bearer token. */
export async function signIn(base: string, headers: Record<string, string> = {}, as = ADMIN) {
  const res = await call<{ token: string }>(base, urlOf(login), {
    body: { ...as, user_type: 'Admin', device_type: 'Web' },
    headers,
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
  return res.json.data.token;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type ApiProcess = {
  url: string;
  port: number;
  pid: number;
  /** What the server wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null) and signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Starts the API server as production runs it and waits until `/readyz`
 * answers 200. `env` adds to (or overrides) the settings below.
 */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const server: ApiProcess = {
    url,
    port,
    pid: child.pid!,
    output: () => output,
    exited,
    kill: (signal) => {
      if (!gone) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`the API server exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`the API server was not ready within 90 s:\n${output}`);
    }
    const ready = await call(url, '/readyz').catch(() => undefined);
    if (ready?.status === 200) return server;
    await sleep(200);
  }
}

/** A fresh, empty database on the PostgreSQL server at `serverUrl`; dropped by `drop()`. */
export async function createDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A PostgreSQL server for a test that needs one: the run's TEST_DATABASE_URL
 * when given (a new database on it), else a throw-away server of its own.
 */
export async function postgresForTest(prefix: string) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return createDatabase(given, prefix);
  const server = await startPostgres();
  return { url: server.url, drop: async () => server.stop() };
}

export type Nginx = { url: string; config: string; stop(): Promise<void> };

/**
 * nginx on a free loopback port, balancing round-robin over `upstreams`, with
 * the proxy settings docs/deployment.md shows. Everything it writes (pid, logs,
 * temporary files) stays in its own directory; it runs as one foreground
 * process (no master, so no worker switching to another user as root), and
 * tells in `X-Upstream` which instance answered.
 */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const nginx = ['/usr/sbin/nginx', 'nginx'].find(
    (bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0,
  );
  if (!nginx) throw new Error('nginx is not installed: apt-get install -y nginx');
  const dir = mkdtempSync(join(tmpdir(), 'cabdesk-nginx-'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, sub));
  }
  const port = await freePort();
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream cabdesk { ${upstreams.map((u) => `server ${u};`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://cabdesk;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const child = spawn(nginx, ['-p', dir, '-c', config, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      children.delete(child);
      resolve();
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!gone) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const errorLog = () => {
    try {
      return readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (gone || Date.now() > deadline) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx did not start:\n${output}\n${log}`);
    }
    const up = await call(url, '/healthz').catch(() => undefined);
    if (up?.status === 200) return { url, config, stop };
    await sleep(100);
  }
}
