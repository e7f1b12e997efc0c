import { inviteAccept, login, newPassword, urlOf } from '@cabdesk/contract';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { hashPassword, HashingBusy } from '../../src/lib/password';
import { upsertAdmin } from '../../src/modules/auth';
import { ADMIN, buildTestApp, callApi, createAdmin } from '../helper';

/**
 * The public calls (no session): each costs an attacker at least what it
 * costs the server, so none can be used to keep the administrators out.
 */

const bogusInvite = (token: string) => ({
  token,
  name: 'Mallory',
  password: 'a long enough passphrase',
  confirm_password: 'a long enough passphrase',
});

/** How long the flood lasts: the probes run through it from its first second. */
const FLOOD_MS = 5_000;

/** Four connections sending bogus invitations for FLOOD_MS; prints how many were answered. */
const FLOOD = `
const [base, path] = process.argv.slice(-2);
const until = Date.now() + ${FLOOD_MS};
let sent = 0;
const flood = async () => {
  while (Date.now() < until) {
    const n = sent++;
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: ('flood-' + n).padEnd(43, 'x'), name: 'Mallory',
        password: 'a long enough passphrase', confirm_password: 'a long enough passphrase' }),
    });
    await res.arrayBuffer();
  }
};
await Promise.all(Array.from({ length: 4 }, flood));
console.log(sent);
`;

describe('password hashing is bounded', () => {
  it('runs one hash at a time per lane with ten waiting, and refuses more at once', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 14 }, () => hashPassword('a long enough passphrase', 12)),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(11);
    expect(refused).toHaveLength(3);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(HashingBusy);
  });

  it('answers 503 with Retry-After to a sign-in the full lane cannot take, and the rest normally', async () => {
    const { app, database } = await buildTestApp({ LOGIN_MAX_ATTEMPTS: '1000' });
    // A real cost for the stored hash, so sign-ins queue up behind each other.
    await upsertAdmin(database.db, {
      email: ADMIN.email,
      name: 'Admin',
      passwordHash: await hashPassword(ADMIN.password, 16),
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callApi(app, login, { ...ADMIN })),
    );
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) {
      expect(a.body.message).toBe('The server is busy. Please try again in a few seconds.');
      expect(a.headers['retry-after']).toBe('2');
    }
    for (const a of answers.filter((a) => a.statusCode !== 503)) expect(a.statusCode).toBe(200);
  });
});

describe('invite-accept', () => {
  it('hashes nothing for a token that is no live invitation, and counts the client like sign-in', async () => {
    const { app } = await buildTestApp({ LOGIN_MAX_ATTEMPTS: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await callApi(app, inviteAccept, bogusInvite(`bogus-token-${i}`.padEnd(43, 'x')));
      statuses.push(res.statusCode);
      if (res.statusCode === 400) {
        expect(res.body.message).toBe(
          'This invitation has expired or was already used. Please ask for a new one.',
        );
      }
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    const refused = await callApi(app, inviteAccept, bogusInvite('another'.padEnd(43, 'x')));
    expect(refused.statusCode).toBe(429);
    expect(refused.body.message).toBe('Too many attempts. Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('under a flood of bogus invitations, a static file and a sign-in still answer within a second', async () => {
    const web = mkdtempSync(join(tmpdir(), 'cabdesk-flood-'));
    onTestFinished(() => rmSync(web, { recursive: true, force: true }));
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Cabdesk</title>');
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log("cabdesk");\n'.repeat(2000));
    // The server hashes at production's cost; the Owner's stored hash is cheap,
    // so a slow sign-in would show waiting, not hashing.
    const { app, database } = await buildTestApp({ PASSWORD_HASH_COST: '17', WEB_DIST_DIR: web });
    await createAdmin(database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;

    // A warm server: what is measured is the flood's effect, not a first call's.
    await fetch(`${base}/assets/app.js`).then((res) => res.arrayBuffer());
    await callApi(app, login, { ...ADMIN });

    // The flood comes from another process, as it would: its own event loop and sockets.
    const flooder = spawn(
      process.execPath,
      ['--input-type=module', '-e', FLOOD, base, urlOf(inviteAccept)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    onTestFinished(() => void flooder.kill());
    let output = '';
    flooder.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const flooded = new Promise<number>((resolve) =>
      flooder.on('exit', () => resolve(Number(output.trim()))),
    );
    const until = Date.now() + FLOOD_MS;
    const timed = async (request: () => Promise<Response>) => {
      const started = performance.now();
      const res = await request();
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    };
    const probes: { status: number; ms: number }[] = [];
    const probe = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      while (Date.now() < until - 500) {
        probes.push(await timed(() => fetch(`${base}/assets/app.js`)));
        probes.push(
          await timed(() =>
            fetch(`${base}${urlOf(login)}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
            }),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    await probe();
    const sent = await flooded;

    expect(probes.length, JSON.stringify(probes)).toBeGreaterThanOrEqual(4);
    for (const p of probes) {
      expect(p.status).toBe(200);
      expect(p.ms, JSON.stringify(probes)).toBeLessThan(1_000);
    }
    // And the flood was one: its bogus calls were answered, not queued.
    expect(sent).toBeGreaterThan(50);
  }, 60_000);
});

describe('newPassword', () => {
  it('counts the client like sign-in, and answers a dead token before anything else', async () => {
    const { app } = await buildTestApp({ LOGIN_MAX_ATTEMPTS: '2' });
    const attempt = () =>
      callApi(app, newPassword, {
        email: ADMIN.email,
        token: 'no-such-token'.padEnd(43, 'x'),
        password: 'password',
        confirm_password: 'password',
      });
    const first = await attempt();
    expect(first.statusCode).toBe(400);
    expect(first.body.message).toBe(
      'This password reset has expired or was already used. Please start again.',
    );
    expect((await attempt()).statusCode).toBe(400);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.body.message).toBe('Too many attempts. Please try again later.');
  });
});
