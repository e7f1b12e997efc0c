import { login, OTP_TTL_SECONDS, resendOtp, sendOtp, verifyOtp, waitText } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { ADMIN, api, buildTestApp, createAdmin, fakeClock } from '../../../test/helper';
import { appWithLog, startSmtpSink } from '../../../test/mail';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
type Clock = ReturnType<typeof fakeClock>;

/** A new client address for every request: the attacker has as many as it likes. */
function addresses() {
  let n = 0;
  return () => {
    n++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
}

const post = (app: App, path: string, payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: api(path), payload, remoteAddress });

/** A 5-digit code that is not `code`. */
const other = (code: string, i = 0) => String((Number(code) + 1 + i) % 100_000).padStart(5, '0');

/** Spends `tries` wrong tries of the live code `code` of `email`; answers the last answer. */
async function guessWrong(app: App, code: string, tries: number, email = ADMIN.email) {
  let res;
  for (let i = 0; i < tries; i++) {
    res = await post(app, verifyOtp.path, { email, otp: other(code, i) });
    expect(res.statusCode).toBe(400);
  }
  return res!;
}

/** The seconds a refused sendOtp says to wait (and checks it says it alike everywhere). */
async function refusedFor(app: App, email = ADMIN.email) {
  const res = await post(app, sendOtp.path, { email });
  expect(res.statusCode, res.body).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  const message = `Wrong codes were entered for this e-mail address. Please wait ${waitText(seconds)} before asking for a new code.`;
  expect(res.json()).toEqual({
    status: false,
    message,
    data: { errors: { email: message }, retry_after: seconds },
  });
  return seconds;
}

async function appWithClock() {
  const clock = fakeClock();
  return { clock, ...(await appWithLog({}, clock.now)) };
}

describe('the wait after codes that were guessed at', () => {
  it('makes the next code wait 1 minute after a code dies of wrong tries, then 2, then 4', async () => {
    const { app, clock, code } = await appWithClock();
    const waits = [];
    for (let n = 1; n <= 3; n++) {
      expect((await post(app, sendOtp.path, { email: ADMIN.email })).statusCode).toBe(200);
      await guessWrong(app, await code(n), 5);
      const wait = await refusedFor(app);
      waits.push(wait);
      clock.advance(wait - 1);
      expect(await refusedFor(app)).toBe(1);
      clock.advance(1);
    }
    expect(waits).toEqual([60, 120, 240]);
  });

  it('counts a code left after 4 wrong tries, replaced or expired, like a dead one', async () => {
    const { app, clock, code } = await appWithClock();
    // 4 wrong tries, then a new code: the new code waits.
    await post(app, sendOtp.path, { email: ADMIN.email });
    await guessWrong(app, await code(1), 4);
    expect(await refusedFor(app)).toBe(60);
    clock.advance(60);
    // One wrong try, then the code expires: it counts too.
    expect((await post(app, sendOtp.path, { email: ADMIN.email })).statusCode).toBe(200);
    await guessWrong(app, await code(2), 1);
    clock.advance(OTP_TTL_SECONDS + 1);
    expect((await post(app, sendOtp.path, { email: ADMIN.email })).statusCode).toBe(200);
    await guessWrong(app, await code(3), 1);
    expect(await refusedFor(app)).toBe(240);
  });

  it('costs the owner who mistypes once and asks again a minute at most', async () => {
    const { app, clock, code } = await appWithClock();
    await post(app, sendOtp.path, { email: ADMIN.email });
    await guessWrong(app, await code(1), 1);
    const early = await post(app, resendOtp.path, { email: ADMIN.email });
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);
    clock.advance(60);
    expect((await post(app, resendOtp.path, { email: ADMIN.email })).statusCode).toBe(200);
    const right = await post(app, verifyOtp.path, { email: ADMIN.email, otp: await code(2) });
    expect(right.statusCode).toBe(200);
  });

  it('starts again from 1 minute after a verified code', async () => {
    const { app, clock, code } = await appWithClock();
    await post(app, sendOtp.path, { email: ADMIN.email });
    await guessWrong(app, await code(1), 5);
    clock.advance(await refusedFor(app));
    await post(app, sendOtp.path, { email: ADMIN.email });
    await guessWrong(app, await code(2), 2);
    const right = await post(app, verifyOtp.path, { email: ADMIN.email, otp: await code(2) });
    expect(right.statusCode).toBe(200);
    // No wait now, and the next code that dies makes the next wait 1 minute, not 4.
    expect((await post(app, sendOtp.path, { email: ADMIN.email })).statusCode).toBe(200);
    await guessWrong(app, await code(3), 5);
    expect(await refusedFor(app)).toBe(60);
  });

  it('starts again from 1 minute after a successful sign-in', async () => {
    const { app, clock, code } = await appWithClock();
    for (let n = 1; n <= 2; n++) {
      await post(app, sendOtp.path, { email: ADMIN.email });
      await guessWrong(app, await code(n), 5);
      clock.advance(n === 1 ? await refusedFor(app) : 0);
    }
    expect(await refusedFor(app)).toBe(120);
    const signIn = await post(app, login.path, { ...ADMIN, user_type: 'Admin' });
    expect(signIn.statusCode).toBe(200);
    expect((await post(app, sendOtp.path, { email: ADMIN.email })).statusCode).toBe(200);
    await guessWrong(app, await code(3), 5);
    expect(await refusedFor(app)).toBe(60);
  });

  it('treats an address that is no one’s the same way', async () => {
    const { app, clock, database } = await appWithClock();
    const email = 'nobody@cabdesk.test';
    // Its code is never seen; any 5 guesses are wrong but for a 1-in-20,000 chance.
    for (const wait of [60, 120]) {
      expect((await post(app, sendOtp.path, { email })).statusCode).toBe(200);
      const last = await guessWrongUnseen(app, email);
      expect(last.json().message).toMatch(/expired or was already used/);
      expect(await refusedFor(app, email)).toBe(wait);
      clock.advance(wait);
    }
    expect(await database.db.select().from(notifications)).toEqual([]);
  });
});

/** 5 guesses at a code nobody saw. */
async function guessWrongUnseen(app: App, email: string) {
  let res;
  for (let i = 0; i < 5; i++) {
    res = await post(app, verifyOtp.path, { email, otp: String(11_111 * (i + 1)) });
  }
  return res!;
}

describe('a reset code that dies of wrong tries', () => {
  it('warns its administrator by e-mail and every administrator by a notification', async () => {
    const smtp = await startSmtpSink();
    const { app, database } = await buildTestApp({ SMTP_URL: smtp.url });
    await createAdmin(database);
    await post(app, sendOtp.path, { email: ADMIN.email });
    const code = /Your code is: (\d{5})/.exec((await smtp.nth(1)).raw)![1]!;
    await guessWrong(app, code, 4);
    expect(await database.db.select().from(notifications)).toEqual([]);
    await guessWrong(app, other(code, 7), 1);

    const warning = await smtp.nth(2);
    expect(warning.to).toEqual([ADMIN.email]);
    expect(warning.raw).toMatch(/^Subject: Someone tried to reset your Cabdesk password/m);
    expect(warning.raw).toContain('entered 5 wrong codes');
    expect(warning.raw).not.toContain(code);
    const rows = await database.db.select().from(notifications);
    expect(rows).toEqual([
      expect.objectContaining({
        adminId: null,
        title: 'Password reset code guessed at',
        message: `Someone entered 5 wrong password reset codes for ${ADMIN.email}. The next code for this address waits twice as long as the last.`,
      }),
    ]);
  });
});

describe('verifyOTP per client address', () => {
  it('allows 20 failures an hour over all e-mail addresses, then 429 with the seconds left', async () => {
    const clock = fakeClock();
    const { app } = await appWithLog({}, clock.now);
    const attacker = '203.0.113.50';
    const guess = (i: number, from = attacker) =>
      post(app, verifyOtp.path, { email: `user${i}@cabdesk.test`, otp: '12345' }, from);
    for (let i = 0; i < 20; i++) expect((await guess(i)).statusCode).toBe(400);
    const refused = await guess(20);
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      status: false,
      message: `Too many wrong codes. Please try again in ${waitText(seconds)}.`,
      data: null,
    });
    // Another client is not affected.
    expect((await guess(21, '198.51.100.2')).statusCode).toBe(400);
    // Refused tries count nothing: when the hour ends, 20 more.
    for (let i = 0; i < 10; i++) expect((await guess(i)).statusCode).toBe(429);
    clock.advance(seconds);
    for (let i = 0; i < 20; i++) expect((await guess(i)).statusCode).toBe(400);
    expect((await guess(20)).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64', async () => {
    const { app } = await appWithLog();
    const from = (i: number) =>
      post(app, verifyOtp.path, { email: ADMIN.email, otp: '12345' }, `2001:db8:9:9::${i + 1}`);
    for (let i = 0; i < 20; i++) expect((await from(i)).statusCode).toBe(400);
    expect((await from(20)).statusCode).toBe(429);
  });
});

/**
 * A year of non-stop guessing at the administrator's reset code, through the
 * API, on a clock the app reads: the attacker asks for a code the moment it is
 * allowed, from a new client address for every request, and never guesses the
 * right code (the test reads it from the log to avoid it).
 */
async function yearOfGuessing(strategy: { tries: number; thenExpire: boolean }) {
  const clock: Clock = fakeClock();
  const { app, code } = await appWithLog({}, clock.now);
  const client = addresses();
  const start = clock.now().getTime();
  const yearEnd = start + 365 * 86_400_000;
  let codes = 0;
  let guesses = 0;
  let lastCodeAt = start;
  while (clock.now().getTime() < yearEnd) {
    const sent = await post(app, sendOtp.path, { email: ADMIN.email }, client());
    if (sent.statusCode === 429) {
      clock.advance(Number(sent.headers['retry-after']));
      continue;
    }
    expect(sent.statusCode).toBe(200);
    codes++;
    lastCodeAt = clock.now().getTime();
    const real = await code(codes);
    for (let i = 0; i < strategy.tries; i++) {
      const res = await post(
        app,
        verifyOtp.path,
        { email: ADMIN.email, otp: other(real, i) },
        client(),
      );
      expect(res.statusCode).toBe(400);
      guesses++;
    }
    if (strategy.thenExpire) clock.advance(OTP_TTL_SECONDS);
  }
  return { codes, guesses, lastCodeDay: Math.floor((lastCodeAt - start) / 86_400_000) };
}

describe('a year of guessing reset codes', () => {
  it.each([
    ['every try of every code', { tries: 5, thenExpire: false }],
    ['4 tries, then a new code', { tries: 4, thenExpire: false }],
    ['1 try, then the code expires', { tries: 1, thenExpire: true }],
  ])(
    'gives fewer than 150 guesses: %s',
    async (name, strategy) => {
      const year = await yearOfGuessing(strategy);
      console.info(
        `a year of guessing (${name}): ${year.codes} codes, ${year.guesses} guesses, ` +
          `${((year.guesses / 100_000) * 100).toFixed(3)}% odds`,
      );
      expect(year.guesses).toBeLessThan(150);
      // The simulation ran the whole year: the attacker still got codes in its last month.
      expect(year.lastCodeDay).toBeGreaterThan(330);
      expect(year.codes).toBeGreaterThan(20);
    },
    120_000,
  );
});
