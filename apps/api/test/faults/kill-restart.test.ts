import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { couponAdd, couponList, urlOf } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { bearer, call, createDatabase, signIn, startApi, type ApiProcess } from './processes';

/**
 * `kill -9` of the server in the middle of a stream of coupon adds. After a
 * restart every acknowledged add is there, and nothing is half-written: each
 * coupon has its audit row, and no audit row lacks its coupon. Runs on the
 * database of the pass: embedded PGlite (a DATA_DIR), or the PostgreSQL server
 * of TEST_DATABASE_URL.
 */
const WRITERS = 4;
/** Acknowledged adds before the kill. */
const KILL_AFTER = 30;

type Coupon = { id: number; coupon_code: string };

const postgresUrl = process.env.TEST_DATABASE_URL;
const kind = postgresUrl ? 'PostgreSQL' : 'PGlite';

describe(`kill -9 in the middle of writes (${kind})`, () => {
  it('keeps every acknowledged write and no half-written one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-kill-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    };
    if (postgresUrl) {
      const database = await createDatabase(postgresUrl, 'cabdesk_kill');
      onTestFinished(database.drop);
      env.DATABASE_URL = database.url;
    }
    const servers: ApiProcess[] = [];
    onTestFinished(async () => {
      for (const server of servers) await server.kill('SIGKILL');
    });

    const first = await startApi(env);
    servers.push(first);
    const token = await signIn(first.url);

    const attempted = new Set<string>();
    const acknowledged = new Set<string>();
    const cut = new Set<string>();
    const refused: string[] = [];
    let inFlight = 0;
    let inFlightAtKill = -1;
    let killed: Promise<unknown> | undefined;

    const writer = async (w: number) => {
      for (let i = 1; !killed; i++) {
        const code = `K${w}N${i}`;
        attempted.add(code);
        inFlight++;
        try {
          const res = await call(first.url, urlOf(couponAdd), {
            body: { title: `Kill ${code}`, coupon_code: code, discount: 5, description: 'Fault' },
            headers: bearer(token),
          });
          if (res.status === 200) acknowledged.add(code);
          else refused.push(`${code}: ${res.status} ${res.body}`);
        } catch {
          cut.add(code);
        } finally {
          inFlight--;
        }
        // Killed while other writes are on the wire (on a busy machine they may all be
        // between two calls at one moment: then the next answer decides).
        if (!killed && acknowledged.size >= KILL_AFTER && inFlight > 0) {
          inFlightAtKill = inFlight;
          killed = first.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w + 1)));
    expect(await killed).toEqual({ code: null, signal: 'SIGKILL' });

    // The kill hit a live stream: writes were on the wire and never got an answer.
    expect(refused).toEqual([]);
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(cut.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // Same data, new process. The session written before the kill still signs the calls.
    const second = await startApi(env);
    servers.push(second);
    const list = await call<Coupon[]>(second.url, urlOf(couponList), {
      headers: bearer(token),
    });
    expect(list.status, list.body).toBe(200);
    const stored = list.json.data.map((c) => c.coupon_code);
    const missing = [...acknowledged].filter((code) => !stored.includes(code));
    expect(missing, 'acknowledged coupons lost by the kill').toEqual([]);
    const unknown = stored.filter((code) => !attempted.has(code));
    expect(unknown, 'coupons nobody sent').toEqual([]);
    // A write cut by the kill may have committed or not, never twice.
    expect(new Set(stored).size).toBe(stored.length);

    // The recovered database takes writes.
    const after = await call(second.url, urlOf(couponAdd), {
      body: { title: 'After', coupon_code: 'AFTERKILL', discount: 5, description: 'Fault' },
      headers: bearer(token),
    });
    expect(after.status, after.body).toBe(200);

    // A clean stop, then the rows themselves: one audit row per coupon, none without one.
    expect(await second.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    const database = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir },
    );
    try {
      const coupons = await database.rows<{ id: number; coupon_code: string }>(
        sql`select id, coupon_code from coupons order by id`,
      );
      expect(coupons.map((c) => c.coupon_code).sort()).toEqual([...stored, 'AFTERKILL'].sort());
      const audits = await database.rows<{ record_id: number; coupon_code: string }>(
        sql`select record_id, after->>'coupon_code' as coupon_code from audit_log
            where table_name = 'coupons' and action = 'create' order by record_id`,
      );
      expect(audits).toEqual(coupons.map((c) => ({ record_id: c.id, coupon_code: c.coupon_code })));
    } finally {
      await database.close();
    }
  }, 150_000);
});
