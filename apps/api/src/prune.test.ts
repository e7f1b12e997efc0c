import { login, OTP_TTL_SECONDS, sendOtp, urlOf } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginThrottles, otpCodes, rateLimits } from './db/schema';
import { pruneSpentLimits } from './prune';
import { buildTestApp, createAdmin, fakeClock } from '../test/helper';

const count = async (
  database: Awaited<ReturnType<typeof buildTestApp>>['database'],
  table: typeof rateLimits | typeof loginThrottles | typeof otpCodes,
) => (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('limits under spoofed e-mail addresses', () => {
  it('keep no row per address: 4,000 addresses leave bounded tables, empty once their windows end', async () => {
    const clock = fakeClock();
    // Every sign-in reaches the account's limit: at the default per-client limit most would be
    // refused before it, too few to fill the shared buckets' bound below.
    const { app, database } = await buildTestApp({ LOGIN_MAX_ATTEMPTS: '1000' }, false, clock.now);
    await createAdmin(database);
    const clients = 50;
    const answers = new Map<number, number>();
    for (let batch = 0; batch < 4_000 / clients; batch++) {
      const responses = await Promise.all(
        Array.from({ length: clients }, (_, client) => {
          const email = `spoof${batch}-${client}@cabdesk.test`;
          const remoteAddress = `198.18.${client}.1`;
          return batch % 2 === 0
            ? app.inject({
                method: 'POST',
                url: urlOf(login),
                payload: { email, password: 'a guessed password' },
                remoteAddress,
              })
            : app.inject({
                method: 'POST',
                url: urlOf(sendOtp),
                payload: { email },
                remoteAddress,
              });
        }),
      );
      for (const res of responses)
        answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
    }
    // Every address was tried: sign-ins refused or limited, codes issued or limited.
    // 50 clients at once also fill the password-hashing lane: 503, nothing stored.
    expect([...answers.keys()].filter((status) => status !== 503).sort()).toEqual([200, 401, 429]);

    // One counter per client and kind of limit, none per e-mail address.
    const keys = await database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.length).toBeLessThanOrEqual(2 * clients);
    expect(keys.filter((k) => k.key.includes('@'))).toEqual([]);
    // Sign-in throttles of addresses that are no account share 1,024 buckets.
    expect(await count(database, loginThrottles)).toBeLessThanOrEqual(1024);
    // A code row per address asked for, kept for its hour: the per-address limits need it.
    expect(await count(database, otpCodes)).toBeLessThanOrEqual(30 * clients);

    clock.advance(3600 + OTP_TTL_SECONDS);
    await pruneSpentLimits(database.db, clock.now());
    expect(await count(database, rateLimits)).toBe(0);
    expect(await count(database, loginThrottles)).toBe(0);
    expect(await count(database, otpCodes)).toBe(0);
  }, 300_000);
});
