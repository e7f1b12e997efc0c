import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { couponAdd, urlOf, webhookCreate, webhookDeliveryList } from '@cabdesk/contract';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../../../../scripts/postgres.mjs';
import { bearer, call, createDatabase, signIn, startApi, type ApiProcess } from './processes';

/**
 * `kill -9` of the server between a change's commit and its webhook's
 * delivery: the receiver is down when the coupon is added (the first attempt
 * is refused), the server is killed, the receiver comes up, and the server
 * started again delivers the event, signed. Runs on the database of the pass.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const kind = postgresUrl ? 'PostgreSQL' : 'PGlite';

type Delivery = { status: string; attempts: number; response_code: number | null };

describe(`a webhook survives kill -9 before its delivery (${kind})`, () => {
  it('delivers the committed event after the restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-hook-kill-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    };
    if (postgresUrl) {
      const database = await createDatabase(postgresUrl, 'cabdesk_hook_kill');
      onTestFinished(database.drop);
      env.DATABASE_URL = database.url;
    }
    const servers: ApiProcess[] = [];
    onTestFinished(async () => {
      for (const server of servers) await server.kill('SIGKILL');
    });

    // The receiver's port is chosen now; it listens only after the kill.
    const port = await freePort();
    const received: { headers: Record<string, string>; body: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers as Record<string, string>, body });
        response.writeHead(204).end();
      });
    });
    onTestFinished(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

    const first = await startApi(env);
    servers.push(first);
    const token = await signIn(first.url);
    const created = await call<{ id: number; secret: string }>(first.url, urlOf(webhookCreate), {
      body: { url: `http://127.0.0.1:${port}/hooks`, events: ['coupon.changed'] },
      headers: bearer(token),
    });
    expect(created.status, created.body).toBe(200);
    const added = await call(first.url, urlOf(couponAdd), {
      body: { title: 'Hook', coupon_code: 'HOOKKILL', discount: 5, description: 'Fault' },
      headers: bearer(token),
    });
    expect(added.status, added.body).toBe(200);

    // The first attempt, woken by the commit, finds nobody listening.
    const log = (server: ApiProcess) =>
      call<{ data: Delivery[] }>(server.url, `${urlOf(webhookDeliveryList)}?page=1`, {
        method: 'GET',
        headers: bearer(token),
      });
    await waitFor(async () => (await log(first)).json.data.data[0]?.attempts === 1);
    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(received).toEqual([]);

    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    const second = await startApi(env);
    servers.push(second);
    // The retry is due 5 s after the refused attempt: the restarted deliverer sends it.
    await waitFor(() => received.length > 0);
    const [got] = received;
    expect(new Webhook(created.json.data.secret).verify(got!.body, got!.headers)).toMatchObject({
      type: 'coupon.changed',
      data: { kind: 'coupon', change: 'created', coupon_code: 'HOOKKILL' },
    });
    await waitFor(async () => (await log(second)).json.data.data[0]?.status === 'delivered');
    expect((await log(second)).json.data.data[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      response_code: 204,
    });
  }, 150_000);
});

/** Polls `done` until it holds (at most 60 s). */
async function waitFor(done: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
