import {
  dashboard,
  getProfile,
  login,
  login2fa,
  logout,
  recoveryCodesRenew,
  stepUp,
  totpDisable,
  totpEnable,
  totpSetup,
  twoFactorPolicy,
  twoFactorReset,
} from '@cabdesk/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { adminRecoveryCodes, admins, auditLog } from '../../db/schema';
import { startSmtpSink } from '../../../test/mail';
import {
  ADMIN,
  buildTestApp,
  callApi,
  createAdmin,
  fakeClock,
  signedIn,
  type TestEnv,
} from '../../../test/helper';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
type Clock = ReturnType<typeof fakeClock>;

const codeAt = (secret: string, clock: Clock) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

const password = (credentials = ADMIN) => ({
  ...credentials,
  user_type: 'Admin',
  device_type: 'Web',
});

/** An app on a fake clock with an Owner who has turned two-factor sign-in on. */
async function enrolled(env: TestEnv = {}) {
  const clock = fakeClock();
  const built = await buildTestApp(env, false, clock.now);
  const admin = await createAdmin(built.database);
  const { call } = await signedIn(built.app);
  const setup = await call(totpSetup);
  const { secret } = setup.body.data as { secret: string };
  const enabled = await call(totpEnable, { code: await codeAt(secret, clock) });
  expect(enabled.statusCode, JSON.stringify(enabled.body)).toBe(200);
  // The next code: the one just used never works again.
  clock.advance(30);
  return {
    ...built,
    clock,
    admin,
    secret,
    recoveryCodes: enabled.body.data.recovery_codes as string[],
  };
}

/** login with the password: the challenge of the second step. */
async function challengeOf(app: App, credentials = ADMIN) {
  const res = await callApi(app, login, password(credentials));
  expect(res.statusCode).toBe(200);
  expect(res.body.data).toEqual({
    two_factor_required: true,
    challenge: expect.stringMatching(/^[\w-]{43}$/),
    expires_in: 300,
  });
  return res.body.data.challenge as string;
}

describe('two-factor enrolment', () => {
  it('answers an otpauth URL and its QR code, then turns on with a code and answers 10 recovery codes stored hashed', async () => {
    const clock = fakeClock();
    const { app, database } = await buildTestApp({}, false, clock.now);
    const admin = await createAdmin(database);
    const { call } = await signedIn(app);

    const setup = await call(totpSetup);
    expect(setup.statusCode).toBe(200);
    const { otpauth_url, qr_code, secret } = setup.body.data;
    expect(otpauth_url).toBe(
      `otpauth://totp/Cabdesk:${encodeURIComponent(ADMIN.email)}?secret=${secret}&issuer=Cabdesk`,
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    // Set up, not on: a sign-in still needs only the password.
    expect((await call(getProfile)).body.data.two_factor_enabled).toBe(false);

    const right = await codeAt(secret, clock);
    const wrong = await call(totpEnable, { code: right === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.data.errors).toEqual({ code: 'The code is not correct.' });

    const enabled = await call(totpEnable, { code: right });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await call(getProfile)).body.data.two_factor_enabled).toBe(true);

    const stored = await database.db.select().from(adminRecoveryCodes);
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.codeHash).join(' ');
    for (const code of codes) expect(hashes).not.toContain(code.replace('-', ''));
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'two_factor_enable'));
    expect(entry).toMatchObject({
      adminId: admin.id,
      recordId: admin.id,
      before: { two_factor: false },
      after: { two_factor: true },
    });
  });

  it('needs a set-up first, and a code of the new secret', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const { call } = await signedIn(app);
    expect((await call(totpEnable, { code: '123456' })).statusCode).toBe(409);
    expect((await call(totpEnable, { code: '12345' })).body.data.errors).toEqual({
      code: 'Please enter the 6-digit code from your authenticator app.',
    });
  });
});

describe('signing in with two factors', () => {
  it('answers a challenge and no token for the password, and the session for a code of the app', async () => {
    const { app, clock, secret, admin } = await enrolled();

    const challenge = await challengeOf(app);

    const res = await callApi(app, login2fa, { challenge, code: await codeAt(secret, clock) });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: 'Login successfully.',
      data: {
        token: expect.stringMatching(/^[\w-]{43}$/),
        user: { id: admin.id, name: 'Test Admin', email: ADMIN.email, role: 'Owner' },
      },
    });
    const headers = { authorization: `Bearer ${res.body.data.token}` };
    expect((await callApi(app, dashboard, {}, headers)).statusCode).toBe(200);
    // The challenge is single use.
    const again = await callApi(app, login2fa, { challenge, code: await codeAt(secret, clock) });
    expect(again.body.message).toBe('This sign-in has expired. Please sign in again.');
    // And so is the code: a new challenge with the same code is refused (replay).
    const replay = await callApi(app, login2fa, {
      challenge: await challengeOf(app),
      code: await codeAt(secret, clock),
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.body.message).toBe('The code is not correct.');
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const { app, database, recoveryCodes } = await enrolled();
    const [first, second] = recoveryCodes as [string, string];

    const used = await callApi(app, login2fa, { challenge: await challengeOf(app), code: first });
    expect(used.statusCode).toBe(200);
    const reused = await callApi(app, login2fa, { challenge: await challengeOf(app), code: first });
    expect(reused.statusCode).toBe(401);
    const typed = second.toUpperCase().replace('-', ' ');
    const other = await callApi(app, login2fa, { challenge: await challengeOf(app), code: typed });
    expect(other.statusCode).toBe(200);
    const actions = (await database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions.filter((a) => a === 'recovery_code_used')).toHaveLength(2);
    expect(actions.filter((a) => a === 'login_2fa_failed')).toHaveLength(1);
  });

  it('lets a challenge take 5 wrong codes, then it dies; and ends it after 5 minutes', async () => {
    const { app, clock, secret } = await enrolled();
    const challenge = await challengeOf(app);
    for (let i = 0; i < 5; i++) {
      const wrong = await callApi(app, login2fa, { challenge, code: 'aaaaa-aaaaa' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body.message).toBe('The code is not correct.');
    }
    const dead = await callApi(app, login2fa, { challenge, code: await codeAt(secret, clock) });
    expect(dead.body.message).toBe('This sign-in has expired. Please sign in again.');

    const late = await challengeOf(app);
    clock.advance(301);
    const expired = await callApi(app, login2fa, {
      challenge: late,
      code: await codeAt(secret, clock),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.body.message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('checks no more than 5 codes on a challenge, however many arrive at once', async () => {
    const { app, clock, secret } = await enrolled({ LOGIN_MAX_ATTEMPTS: '100' });
    const challenge = await challengeOf(app);
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => callApi(app, login2fa, { challenge, code: '000000' })),
    );
    const checked = answers.filter((a) => a.body.message === 'The code is not correct.');
    const dead = answers.filter(
      (a) => a.body.message === 'This sign-in has expired. Please sign in again.',
    );
    expect(checked).toHaveLength(5);
    expect(dead).toHaveLength(4);
    const right = await callApi(app, login2fa, { challenge, code: await codeAt(secret, clock) });
    expect(right.body.message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('counts wrong codes like wrong passwords: the client is refused with 429 past the limit, even the right code', async () => {
    const { app, clock, secret } = await enrolled({ LOGIN_MAX_ATTEMPTS: '4' });
    const spare = await challengeOf(app);
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const challenge = await challengeOf(app);
      for (let j = 0; j < 3; j++) {
        statuses.push(
          (await callApi(app, login2fa, { challenge, code: 'zzzzz-zzzzz' })).statusCode,
        );
      }
    }
    // The right passwords gave their counts back; four wrong codes fill the window.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const right = await callApi(app, login2fa, {
      challenge: spare,
      code: await codeAt(secret, clock),
    });
    expect(right.statusCode).toBe(429);
    expect(right.body.message).toMatch(/^Too many failed sign-in attempts/);
  });

  it('keeps SPEC’s login exactly for an administrator without two-factor sign-in', async () => {
    const { app, database } = await buildTestApp();
    const admin = await createAdmin(database);
    const res = await callApi(app, login, password());
    expect(res.body).toEqual({
      status: true,
      message: 'Login successfully.',
      data: {
        token: expect.any(String),
        user: { id: admin.id, name: 'Test Admin', email: ADMIN.email, role: 'Owner' },
      },
    });
  });
});

describe('two-factor sign-in required by an Owner, and reset', () => {
  const colleague = { email: 'colleague@cabdesk.test', password: 'another fine password' };

  it('leads an administrator without it into enrolment: only its set-up is open until done', async () => {
    const { app, database, clock } = await enrolled();
    await createAdmin(database, colleague, 'Operator');
    const { call } = await ownerSession(app, clock);

    const required = await call(twoFactorPolicy, { required: true });
    expect(required.body).toEqual({
      status: true,
      message: 'Two-factor sign-in is now required of every administrator.',
      data: { required: true },
    });

    const signIn = await callApi(app, login, password(colleague));
    expect(signIn.body.data.two_factor_setup_required).toBe(true);
    const headers = { authorization: `Bearer ${signIn.body.data.token}` };
    const refused = await callApi(app, dashboard, {}, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe('Two-factor sign-in is required: please set it up first.');
    const me = await callApi(app, getProfile, {}, headers);
    expect(me.body.data).toMatchObject({ two_factor_setup_required: true, role: 'Operator' });

    const { secret } = (await callApi(app, totpSetup, {}, headers)).body.data;
    const on = await callApi(app, totpEnable, { code: await codeAt(secret, clock) }, headers);
    expect(on.statusCode).toBe(200);
    expect((await callApi(app, dashboard, {}, headers)).statusCode).toBe(200);
    expect((await callApi(app, logout, {}, headers)).statusCode).toBe(200);
  });

  it('refuses to require it while the Owner has not turned it on, and lets an Owner reset a colleague’s', async () => {
    const { app, database, clock } = await enrolled();
    const other = await createAdmin(database, colleague, 'Support');
    const mine = await signedIn(app, colleague);
    const { secret } = (await mine.call(totpSetup)).body.data;
    expect((await mine.call(totpEnable, { code: await codeAt(secret, clock) })).statusCode).toBe(
      200,
    );
    expect((await callApi(app, login, password(colleague))).body.data.two_factor_required).toBe(
      true,
    );

    const { call } = await ownerSession(app, clock);
    const reset = await call(twoFactorReset, { id: other.id });
    expect(reset.statusCode).toBe(200);
    expect(reset.body.data).toMatchObject({ id: other.id, two_factor: false });
    expect((await callApi(app, login, password(colleague))).body.data.token).toEqual(
      expect.any(String),
    );
    expect(
      await database.db
        .select()
        .from(adminRecoveryCodes)
        .where(eq(adminRecoveryCodes.adminId, other.id)),
    ).toEqual([]);

    // An Owner without it cannot require it (their own next call would be refused).
    await database.db.update(admins).set({ totpEnabledAt: null, totpSecret: null });
    const fresh = await signedIn(app);
    const refused = await fresh.call(twoFactorPolicy, { required: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe('Turn on two-factor sign-in for yourself first.');
  });
});

describe('changing a second factor that is on', () => {
  const STEP_UP_NEEDED =
    'Please confirm it is you: enter your password and a code from your authenticator app.';

  it('needs a step-up (password and a code) first, then e-mails the account, audits it and ends its other sessions', async () => {
    const smtp = await startSmtpSink();
    const { app, database, clock, admin, secret } = await enrolled({ SMTP_URL: smtp.url });
    const mine = await ownerSession(app, clock);
    const other = await ownerSession(app, clock);

    // A stolen session alone can neither replace, turn off nor renew it.
    for (const [endpoint, input] of [
      [totpSetup, {}],
      [totpEnable, { code: '123456' }],
      [totpDisable, {}],
      [recoveryCodesRenew, {}],
      [twoFactorReset, { id: admin.id }],
    ] as const) {
      const refused = await mine.call(endpoint, input);
      expect(refused.statusCode, endpoint.path).toBe(403);
      expect(refused.body.message).toBe(STEP_UP_NEEDED);
    }

    const wrongPassword = await mine.call(stepUp, { password: 'not it', code: '123456' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.body.message).toBe('The current password is not correct.');
    const noCode = await mine.call(stepUp, { password: ADMIN.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.body.data.errors).toEqual({
      code: 'Please enter a code from your authenticator app or a recovery code.',
    });
    const wrongCode = await mine.call(stepUp, { password: ADMIN.password, code: 'zzzzz-zzzzz' });
    expect(wrongCode.body.message).toBe('The code is not correct.');
    clock.advance(30);
    const confirmed = await mine.call(stepUp, {
      password: ADMIN.password,
      code: await codeAt(secret, clock),
    });
    expect(confirmed.body).toEqual({
      status: true,
      message: 'Confirmed. You may change your two-factor sign-in for the next 5 minutes.',
      data: { expires_in: 300 },
    });

    const { secret: newSecret } = (await mine.call(totpSetup)).body.data;
    const enabled = await mine.call(totpEnable, { code: await codeAt(newSecret, clock) });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.body.data.recovery_codes).toHaveLength(10);

    // The thief's other session is gone; this one lives on.
    expect((await other.call(dashboard)).statusCode).toBe(401);
    expect((await mine.call(dashboard)).statusCode).toBe(200);
    // The first notice was for turning it on; the second for replacing it.
    const notice = await smtp.nth(2);
    expect(notice.to).toEqual([ADMIN.email]);
    expect(notice.raw).toContain('Subject: Your second factor was changed');
    const actions = (await database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['step_up', 'two_factor_enable']));
    // The old authenticator no longer signs in.
    clock.advance(30);
    const old = await callApi(app, login2fa, {
      challenge: await challengeOf(app),
      code: await codeAt(secret, clock),
    });
    expect(old.statusCode).toBe(401);
  });

  it('lasts 5 minutes, takes a recovery code, renews the codes and turns it off', async () => {
    const { app, clock, recoveryCodes } = await enrolled();
    const mine = await ownerSession(app, clock);
    const up = await mine.call(stepUp, { password: ADMIN.password, code: recoveryCodes[0] });
    expect(up.statusCode).toBe(200);

    const renewed = await mine.call(recoveryCodesRenew);
    expect(renewed.body.message).toBe(
      'Here are your new recovery codes; the old ones no longer work. Keep them somewhere safe.',
    );
    const fresh = renewed.body.data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[1]);
    // An old code no longer steps up; a new one does.
    expect(
      (await mine.call(stepUp, { password: ADMIN.password, code: recoveryCodes[1] })).statusCode,
    ).toBe(400);

    clock.advance(301);
    expect((await mine.call(totpDisable)).statusCode).toBe(403);
    expect((await mine.call(stepUp, { password: ADMIN.password, code: fresh[0] })).statusCode).toBe(
      200,
    );
    const off = await mine.call(totpDisable);
    expect(off.body).toEqual({ status: true, message: 'Two-factor sign-in is off.', data: null });
    expect((await mine.call(getProfile)).body.data.two_factor_enabled).toBe(false);
    // With it off, setting one up again needs no step-up.
    expect((await mine.call(totpSetup)).statusCode).toBe(200);
  });
});

/** The Owner's session through both steps (the clock moves on a step so the code is fresh). */
async function ownerSession(app: App, clock: Clock) {
  const [row] = await app.database.db.select().from(admins).where(eq(admins.email, ADMIN.email));
  clock.advance(30);
  const res = await callApi(app, login2fa, {
    challenge: await challengeOf(app),
    code: await codeAt(row!.totpSecret!, clock),
  });
  expect(res.statusCode).toBe(200);
  const headers = { authorization: `Bearer ${res.body.data.token}` };
  return {
    call: (endpoint: Parameters<typeof callApi>[1], input: Record<string, unknown> = {}) =>
      callApi(app, endpoint, input, headers),
  };
}
