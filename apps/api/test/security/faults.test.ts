import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { couponAdd, couponList, getProfile, login, urlOf } from '@cabdesk/contract';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startPostgres } from '../../../../scripts/postgres.mjs';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { ADMIN, bearer, createAdmin, signIn, TEST_HASH_COST } from '../helper';

const UNAVAILABLE = {
  status: false,
  message: 'The service is temporarily unavailable. Please try again.',
  data: null,
};

describe('PostgreSQL stopped and started under the API', () => {
  it('answers 503 with the envelope meanwhile, /readyz says so, and heals without a restart', async () => {
    // Killed and started again: what was committed must come back.
    const pg = await startPostgres({ durable: true });
    onTestFinished(() => pg.stop());
    const database = await openDatabase({
      databaseUrl: pg.url,
      poolSize: 3,
      onIdleError: () => {},
      statementTimeoutMs: 5000,
    });
    onTestFinished(() => database.close());
    await database.migrate();
    const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-fault-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: String(TEST_HASH_COST),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      DATABASE_URL: pg.url,
    });
    const app = await buildApp({ config, database });
    onTestFinished(() => app.close());
    await createAdmin(database);
    const token = await signIn(app);
    const profile = () => app.inject({ url: urlOf(getProfile), headers: bearer(token) });
    const addCoupon = (code: string) =>
      app.inject({
        method: 'POST',
        url: urlOf(couponAdd),
        headers: bearer(token),
        payload: { title: code, coupon_code: code, discount: 10, description: 'Ten off' },
      });
    expect((await profile()).statusCode).toBe(200);
    expect((await addCoupon('BEFORE')).statusCode).toBe(200);

    pg.shutdown('immediate');
    for (const res of [
      await profile(),
      await addCoupon('DURING'),
      await app.inject({
        method: 'POST',
        url: urlOf(login),
        payload: { email: ADMIN.email, password: ADMIN.password },
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
      expect(res.headers['retry-after']).toBe('5');
    }
    const notReady = await app.inject({ url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({
      status: false,
      message: 'Database unavailable',
      data: null,
    });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    pg.start();
    // The pool reconnects on its own: no restart of the API.
    let healed = await profile();
    for (let i = 0; i < 20 && healed.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      healed = await profile();
    }
    expect(healed.statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await addCoupon('AFTER')).statusCode).toBe(200);
    const list = await app.inject({ url: urlOf(couponList), headers: bearer(token) });
    const codes = list.json<{ data: { coupon_code: string }[] }>().data.map((c) => c.coupon_code);
    expect(codes.sort()).toEqual(['AFTER', 'BEFORE']);
  }, 60_000);
});
