import {
  getProfile,
  login,
  newPassword,
  resendOtp,
  sendOtp,
  urlOf,
  verifyOtp,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSessions, admins, auditLog, otpCodes, passwordResetTokens } from '../../db/schema';
import {
  ADMIN,
  api,
  bearer,
  buildTestApp,
  createAdmin,
  fakeClock,
  signIn,
} from '../../../test/helper';
import { newCode } from './otp.repository';
import { appWithLog, codeIn, startSmtpSink } from '../../../test/mail';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const post = (app: App, path: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: api(path), payload: payload as object, headers });

async function verified(app: App, code: string, email = ADMIN.email) {
  const res = await post(app, verifyOtp.path, { email, otp: code });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}

const NEW_PASSWORD = 'a brand new passphrase';

async function canSignIn(app: App, password: string) {
  const res = await post(app, login.path, { email: ADMIN.email, password });
  return res.statusCode === 200;
}

describe('sendOtp', () => {
  it('delivers a readable e-mail with the code to a real SMTP server, and the code works', async () => {
    const smtp = await startSmtpSink();
    const { app, database } = await buildTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Cabdesk <robot@cabdesk.test>',
    });
    await createAdmin(database);

    const res = await post(app, sendOtp.path, { email: ADMIN.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: 'If this e-mail address belongs to an administrator, a code has been sent to it.',
      data: { email: ADMIN.email, expires_in: 600, resend_in: 60 },
    });

    const mail = await smtp.nth(1);
    expect(mail.to).toEqual([ADMIN.email]);
    expect(mail.from).toBe('robot@cabdesk.test');
    expect(mail.raw).toMatch(/^Subject: Your Cabdesk password reset code/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toContain('expires in 10 minutes');
    const code = codeIn(mail.raw);
    // Never in the answer.
    expect(res.body).not.toContain(code);

    const token = await verified(app, code);
    const reset = await post(app, newPassword.path, {
      email: ADMIN.email,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
      token,
    });
    expect(reset.json()).toEqual({
      status: true,
      message: 'Your password has been changed. Please sign in with it.',
      data: null,
    });
    expect(await canSignIn(app, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(app, ADMIN.password)).toBe(false);
  });

  it('writes the e-mail to the server log when SMTP_URL is not set, and stores only a hash', async () => {
    const { app, database, code, log } = await appWithLog();
    const res = await post(app, sendOtp.path, { email: ADMIN.email });
    expect(res.statusCode).toBe(200);
    const value = await code();
    expect(value).toMatch(/^\d{5}$/);
    expect(res.body).not.toContain(value);
    const line = log.lines.find((l) => l.includes('Your code is:'))!;
    expect(line).toContain(`To: ${ADMIN.email}`);

    const rows = await database.db.select().from(otpCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(value);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{32}\$[0-9a-f]{64}$/);
    // Expires ten minutes from now.
    const ttl = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 1000;
    expect(ttl).toBeCloseTo(600, 0);
  });

  it('answers the same for an unknown address, sends nothing, and never waits for the SMTP server', async () => {
    // The server takes no message until released, after both answers: an answer that
    // waited for the e-mail would never come (the test would time out).
    const smtp = await startSmtpSink({ held: true });
    const { app, database } = await buildTestApp({ SMTP_URL: smtp.url });
    await createAdmin(database);

    const unknown = await post(app, sendOtp.path, { email: 'nobody@cabdesk.test' });
    const known = await post(app, sendOtp.path, { email: ADMIN.email });
    expect(smtp.messages).toEqual([]);

    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    const strip = (body: string) => ({
      ...JSON.parse(body),
      data: { ...JSON.parse(body).data, email: 'x' },
    });
    expect(strip(unknown.body)).toEqual(strip(known.body));

    smtp.release();
    expect((await smtp.nth(1)).to).toEqual([ADMIN.email]);
    // The unknown address asked first: an e-mail to it would have reached the server
    // before this one did.
    expect(smtp.recipients).toEqual([ADMIN.email]);
  });

  it('makes codes from a CSPRNG: 5 digits, leading zeros kept, not repeating', () => {
    const codes = Array.from({ length: 2000 }, () => newCode());
    expect(codes.every((c) => /^\d{5}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });

  it('kills the old code when a new one is sent', async () => {
    const { app, database, code } = await appWithLog();
    await post(app, sendOtp.path, { email: ADMIN.email });
    const first = await code(1);
    await post(app, sendOtp.path, { email: ADMIN.email });
    const second = await code(2);

    // The old code no longer opens anything (it only spends a try of the new one).
    if (first !== second) {
      const old = await post(app, verifyOtp.path, { email: ADMIN.email, otp: first });
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe('The code is not correct.');
    }
    const rows = await database.db.select().from(otpCodes).orderBy(otpCodes.id);
    expect(rows[0]!.usedAt).not.toBeNull();
    expect(rows[1]!.usedAt).toBeNull();
    await verified(app, second);
  });

  it('sends at most 5 codes per address per hour, for unknown addresses too', async () => {
    const { app, database } = await appWithLog();
    for (const email of [ADMIN.email, 'nobody@cabdesk.test']) {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await post(app, sendOtp.path, { email })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    const refused = await post(app, sendOtp.path, { email: ADMIN.email.toUpperCase() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: false,
      message: 'Too many codes were asked for this e-mail address. Please try again later.',
      data: null,
    });
    // An hour later the address may ask again.
    await database.db.update(otpCodes).set({ createdAt: sql`now() - interval '61 minutes'` });
    expect((await post(app, sendOtp.path, { email: ADMIN.email })).statusCode).toBe(200);
  });

  it('limits the codes one client address may ask for, whatever the e-mail', async () => {
    const { app } = await appWithLog();
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (
          await post(
            app,
            sendOtp.path,
            { email: `a${i}@cabdesk.test` },
            {
              'x-forwarded-for': `10.0.0.${i}`,
            },
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('resendOtp', () => {
  it('sends a new code at most once per 60 seconds, telling the seconds left', async () => {
    const clock = fakeClock();
    const { app, code } = await appWithLog({}, clock.now);
    expect((await post(app, sendOtp.path, { email: ADMIN.email })).statusCode).toBe(200);

    const early = await post(app, resendOtp.path, { email: ADMIN.email });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({
      status: false,
      message: 'Please wait 60 seconds before asking for a new code.',
      data: {
        errors: { email: 'Please wait 60 seconds before asking for a new code.' },
        retry_after: 60,
      },
    });
    expect(early.headers['retry-after']).toBe('60');

    clock.advance(45);
    const later = await post(app, resendOtp.path, { email: ADMIN.email });
    expect(later.statusCode).toBe(429);
    expect(later.json().data.retry_after).toBe(15);

    clock.advance(14.5);
    expect((await post(app, resendOtp.path, { email: ADMIN.email })).json().data.retry_after).toBe(
      1,
    );

    clock.advance(0.5);
    const ok = await post(app, resendOtp.path, { email: ADMIN.email });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(
      'If this e-mail address belongs to an administrator, a code has been sent to it.',
    );
    await verified(app, await code(2));
  });

  it('throttles unknown addresses the same way', async () => {
    const { app } = await appWithLog();
    expect((await post(app, resendOtp.path, { email: 'nobody@cabdesk.test' })).statusCode).toBe(
      200,
    );
    expect((await post(app, resendOtp.path, { email: 'nobody@cabdesk.test' })).statusCode).toBe(
      429,
    );
  });
});

describe('verifyOTP', () => {
  it('answers a single-use reset token valid 15 minutes, stored only hashed', async () => {
    const { app, database, code } = await appWithLog();
    await post(app, sendOtp.path, { email: ADMIN.email });
    const res = await post(app, verifyOtp.path, { email: ADMIN.email, otp: await code() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      message: 'The code is verified. Please choose a new password.',
      data: { expires_in: 900 },
    });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(passwordResetTokens);
    expect(row!.tokenHash).not.toContain(body.data.token);
    const ttl = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(ttl).toBeCloseTo(900, 0);
  });

  it('works once', async () => {
    const { app, code } = await appWithLog();
    await post(app, sendOtp.path, { email: ADMIN.email });
    const value = await code();
    await verified(app, value);
    const again = await post(app, verifyOtp.path, { email: ADMIN.email, otp: value });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      status: false,
      message: 'This code has expired or was already used. Please ask for a new one.',
      data: {
        errors: { otp: 'This code has expired or was already used. Please ask for a new one.' },
      },
    });
  });

  it('expires after 10 minutes', async () => {
    const { app, database, code } = await appWithLog();
    await post(app, sendOtp.path, { email: ADMIN.email });
    const value = await code();
    await database.db.update(otpCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await post(app, verifyOtp.path, { email: ADMIN.email, otp: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
  });

  it('dies after 5 wrong tries, even for the right code after', async () => {
    const { app, code } = await appWithLog();
    await post(app, sendOtp.path, { email: ADMIN.email });
    const value = await code();
    const wrong = String((Number(value) + 1) % 100000).padStart(5, '0');
    const messages = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(app, verifyOtp.path, { email: ADMIN.email, otp: wrong });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('The code is not correct.'));
    expect(messages[4]).toMatch(/expired or was already used/);
    const right = await post(app, verifyOtp.path, { email: ADMIN.email, otp: value });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toMatch(/expired or was already used/);
  });

  it('refuses a code of another address and an address that never asked', async () => {
    const { app, database, code } = await appWithLog();
    await createAdmin(database, { email: 'second@cabdesk.test', password: ADMIN.password });
    await post(app, sendOtp.path, { email: ADMIN.email });
    const value = await code();
    for (const email of ['second@cabdesk.test', 'nobody@cabdesk.test']) {
      const res = await post(app, verifyOtp.path, { email, otp: value });
      expect(res.statusCode).toBe(400);
    }
    await verified(app, value);
  });
});

describe('newPassword', () => {
  async function tokenFor(app: App, code: (n?: number) => Promise<string>) {
    await post(app, sendOtp.path, { email: ADMIN.email });
    return verified(app, await code());
  }

  it('accepts form data (urlencoded and multipart) and revokes every session', async () => {
    const { app, database, code } = await appWithLog();
    const session = await signIn(app);
    const token = await tokenFor(app, code);

    const form = new URLSearchParams({
      email: ADMIN.email,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
      token,
    });
    const res = await app.inject({
      method: 'POST',
      url: urlOf(newPassword),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await app.inject({ url: urlOf(getProfile), headers: bearer(session) });
    expect(after.statusCode).toBe(401);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'password_reset'`);
    expect(entry).toBeDefined();

    // Multipart, as a browser's FormData sends it.
    await database.db.update(otpCodes).set({ createdAt: sql`now() - interval '2 minutes'` });
    const second = await tokenFor(app, code.bind(null, 2));
    const data = new FormData();
    data.append('email', ADMIN.email);
    data.append('password', 'yet another passphrase');
    data.append('confirm_password', 'yet another passphrase');
    data.append('token', second);
    const request = new Request('http://x/', { method: 'POST', body: data });
    const multipart = await app.inject({
      method: 'POST',
      url: urlOf(newPassword),
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await canSignIn(app, 'yet another passphrase')).toBe(true);
  });

  it('refuses without a valid token and changes nothing', async () => {
    const { app, database, code } = await appWithLog();
    const before = (await database.db.select().from(admins))[0]!.passwordHash;
    const token = await tokenFor(app, code);
    const body = { email: ADMIN.email, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD };

    const cases: [unknown, number, string][] = [
      [body, 400, 'Please verify the code sent to your e-mail first.'],
      [{ ...body, token: '' }, 400, 'Please verify the code sent to your e-mail first.'],
      [
        { ...body, token: 'x'.repeat(43) },
        400,
        'This password reset has expired or was already used. Please start again.',
      ],
      [{ ...body, token: 12345 }, 400, 'Please verify the code sent to your e-mail first.'],
      [
        { ...body, token: 'x'.repeat(10_000) },
        400,
        'This password reset has expired or was already used. Please start again.',
      ],
      [
        { ...body, token, email: 'other@cabdesk.test' },
        400,
        'This password reset has expired or was already used. Please start again.',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post(app, newPassword.path, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().status).toBe(false);
      expect(res.json().message).toBe(message);
    }
    expect((await database.db.select().from(admins))[0]!.passwordHash).toBe(before);

    // The right token works once; replayed, it is refused.
    expect((await post(app, newPassword.path, { ...body, token })).statusCode).toBe(200);
    const replay = await post(app, newPassword.path, {
      ...body,
      password: 'attacker password',
      confirm_password: 'attacker password',
      token,
    });
    expect(replay.statusCode).toBe(400);
    expect(await canSignIn(app, NEW_PASSWORD)).toBe(true);
  });

  it('refuses an expired token', async () => {
    const { app, database, code } = await appWithLog();
    const token = await tokenFor(app, code);
    await database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await post(app, newPassword.path, {
      email: ADMIN.email,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
      token,
    });
    expect(res.statusCode).toBe(400);
    expect(await canSignIn(app, ADMIN.password)).toBe(true);
  });

  it.each([
    [{}, 'password', 'Please enter new password.'],
    [{ password: '' }, 'password', 'Please enter new password.'],
    [{ password: 'short' }, 'password', 'Password should be at least 8 characters.'],
    [{ password: 'x'.repeat(10_000) }, 'password', 'Password is too long.'],
    [{ password: 12345678 }, 'password', 'Please enter new password.'],
    [{ password: NEW_PASSWORD }, 'confirm_password', 'Please confirm your password.'],
    [
      { password: NEW_PASSWORD, confirm_password: 'something else' },
      'confirm_password',
      'New password and Confirm password does not matched!',
    ],
    [
      { email: 'nope', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      'email',
      'Please enter your valid email ID.',
    ],
  ])('refuses bad input #%# with the SPEC message', async (fields, field, message) => {
    const { app, database } = await appWithLog();
    const res = await post(app, newPassword.path, { email: ADMIN.email, token: 't', ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors[field]).toBe(message);
    expect(await database.db.select().from(passwordResetTokens)).toHaveLength(0);
  });

  it('answers broken or file-carrying form data with a 400', async () => {
    const { app } = await appWithLog();
    const data = new FormData();
    data.append('email', ADMIN.email);
    data.append('token', new Blob(['x']), 'token.txt');
    const request = new Request('http://x/', { method: 'POST', body: data });
    const file = await app.inject({
      method: 'POST',
      url: urlOf(newPassword),
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(file.statusCode).toBe(400);
    expect(file.json()).toMatchObject({ status: false, message: 'Files are not accepted here.' });

    const broken = await app.inject({
      method: 'POST',
      url: urlOf(newPassword),
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: 'not multipart at all',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().status).toBe(false);
  });
});

describe('bad input on the recovery calls', () => {
  const huge = 'x'.repeat(10_000);
  it.each([
    [sendOtp.path, {}, 'email', 'Please enter your valid email ID.'],
    [sendOtp.path, { email: '' }, 'email', 'Please enter your valid email ID.'],
    [sendOtp.path, { email: 42 }, 'email', 'Please enter your valid email ID.'],
    [sendOtp.path, { email: `${huge}@cabdesk.test` }, 'email', 'Please enter your valid email ID.'],
    [resendOtp.path, { email: 'not-an-email' }, 'email', 'Please enter your valid email ID.'],
    [verifyOtp.path, { email: ADMIN.email }, 'otp', 'Please enter a valid OTP'],
    [verifyOtp.path, { email: ADMIN.email, otp: '' }, 'otp', 'Please enter a valid OTP'],
    [verifyOtp.path, { email: ADMIN.email, otp: '1234' }, 'otp', 'Please enter a valid OTP'],
    [verifyOtp.path, { email: ADMIN.email, otp: '12a45' }, 'otp', 'Please enter a valid OTP'],
    [verifyOtp.path, { email: ADMIN.email, otp: 12345 }, 'otp', 'Please enter a valid OTP'],
    [verifyOtp.path, { email: ADMIN.email, otp: huge }, 'otp', 'Please enter a valid OTP'],
  ])('%s refuses bad input #%#', async (path, body, field, message) => {
    const { app, database } = await appWithLog();
    const res = await post(app, path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
    expect(res.json().data.errors[field]).toBe(message);
    expect(await database.db.select().from(otpCodes)).toHaveLength(0);
  });

  it('a wrong code for a live one spends a try and changes nothing else', async () => {
    const { app, database, code } = await appWithLog();
    await post(app, sendOtp.path, { email: ADMIN.email });
    const value = await code();
    const wrong = value === '00000' ? '11111' : '00000';
    const res = await post(app, verifyOtp.path, { email: ADMIN.email, otp: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: 'The code is not correct.',
      data: { errors: { otp: 'The code is not correct.' } },
    });
    expect(await database.db.select().from(passwordResetTokens)).toHaveLength(0);
    expect((await database.db.select().from(otpCodes))[0]!.attempts).toBe(1);
    expect(await database.db.select().from(adminSessions)).toHaveLength(0);
  });
});
