import { changePassword, login, newPassword, sendOtp, verifyOtp } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { admins, auditLog } from '../../src/db/schema';
import { hashPassword, verifyPassword } from '../../src/lib/password';
import { COMMON_PASSWORD_MESSAGE, commonPasswords } from '../../src/lib/password-policy';
import { captureLog, codeIn, startSmtpSink } from '../mail';
import { ADMIN, api, bearer, buildTestApp, createAdmin, signIn } from '../helper';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const post = (app: App, path: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: api(path), payload: payload as object, headers });

const canSignIn = async (app: App, email: string, password: string) =>
  (await post(app, login.path, { email, password })).statusCode === 200;

const LONG = 'Tr0ub4dor&3-'.repeat(9).slice(0, 100);

describe('password hashing', () => {
  it('is scrypt with N >= 2^17 outside tests, and the setting cannot go lower', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: '/tmp/cabdesk-unused' };
    expect(loadConfig(production).passwordHashCost).toBe(17);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '16' })).toThrow(
      /PASSWORD_HASH_COST: must be at least 17/,
    );
    expect(() =>
      loadConfig({ ...production, NODE_ENV: 'development', PASSWORD_HASH_COST: '12' }),
    ).toThrow(/PASSWORD_HASH_COST/);
  });

  it('stores scrypt N = 2^17 with a random salt, and verifies in constant form', async () => {
    const a = await hashPassword('correct horse battery', 17);
    const b = await hashPassword('correct horse battery', 17);
    const [scheme, logN, r, p, salt, key] = a.split('$');
    expect({ scheme, logN, r, p }).toEqual({ scheme: 'scrypt', logN: '17', r: '8', p: '1' });
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'bcrypt$2b$10$whatever')).toBe(false);
  });

  it('hashes a changed password with the configured cost', async () => {
    const { app, database, config } = await buildTestApp();
    await createAdmin(database);
    const token = await signIn(app);
    const res = await post(
      app,
      changePassword.path,
      { password: ADMIN.password, new_password: LONG, confirm_password: LONG },
      bearer(token),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await database.db.select().from(admins);
    expect(row!.passwordHash!.startsWith(`scrypt$${config.passwordHashCost}$8$1$`)).toBe(true);
    expect(row!.passwordHash).not.toContain(LONG);
  });
});

describe('password length', () => {
  it('uses all 100 characters: the 72-character prefix does not sign in', async () => {
    expect(LONG).toHaveLength(100);
    const { app, database } = await buildTestApp();
    await createAdmin(database, { email: 'long@cabdesk.test', password: LONG });
    expect(await canSignIn(app, 'long@cabdesk.test', LONG.slice(0, 72))).toBe(false);
    expect(await canSignIn(app, 'long@cabdesk.test', LONG.slice(0, 99))).toBe(false);
    expect(await canSignIn(app, 'long@cabdesk.test', LONG)).toBe(true);
  });

  it('needs 8 characters where an admin sets a password', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const token = await signIn(app);
    const short = await post(
      app,
      changePassword.path,
      { password: ADMIN.password, new_password: 'Zq9#xL2', confirm_password: 'Zq9#xL2' },
      bearer(token),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().data.errors.new_password).toBe(
      'Please enter the password at least 8 characters.',
    );
    const reset = await post(app, newPassword.path, {
      email: ADMIN.email,
      password: 'Zq9#xL2',
      confirm_password: 'Zq9#xL2',
      token: 'x'.repeat(43),
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().data.errors.password).toBe('Password should be at least 8 characters.');
    expect(() =>
      loadConfig({ NODE_ENV: 'test', ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'Zq9#xL2' }),
    ).toThrow(/ADMIN_PASSWORD: must be at least 8 characters/);
    expect(await canSignIn(app, ADMIN.email, ADMIN.password)).toBe(true);
  });
});

describe('the 1,000 most common passwords', () => {
  const list = [...commonPasswords()];

  it('is a committed list of 1,000 distinct passwords', () => {
    expect(list).toHaveLength(1000);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('are all refused by changePassword, and nothing changes', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const token = await signIn(app);
    const [before] = await database.db.select().from(admins);
    const answers = new Map<string, number>();
    for (const candidate of [...list, 'PASSWORD', 'Iloveyou', 'Superman']) {
      const res = await post(
        app,
        changePassword.path,
        { password: ADMIN.password, new_password: candidate, confirm_password: candidate },
        bearer(token),
      );
      answers.set(candidate, res.statusCode);
      if (candidate.length >= 8 && res.statusCode === 400) {
        expect(res.json()).toEqual({
          status: false,
          message: COMMON_PASSWORD_MESSAGE,
          data: { errors: { new_password: COMMON_PASSWORD_MESSAGE } },
        });
      }
    }
    expect([...answers].filter(([, status]) => status !== 400)).toEqual([]);
    const [after] = await database.db.select().from(admins);
    expect(after!.passwordHash).toBe(before!.passwordHash);
    const changes = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'password_change'`);
    expect(changes).toHaveLength(0);
    // The session is intact and a good password is still accepted.
    const good = await post(
      app,
      changePassword.path,
      { password: ADMIN.password, new_password: LONG, confirm_password: LONG },
      bearer(token),
    );
    expect(good.statusCode).toBe(200);
  });

  it('are all refused by newPassword after a real reset, which still works afterwards', async () => {
    const log = captureLog();
    const { app, database } = await buildTestApp({}, log.logger);
    await createAdmin(database);
    expect((await post(app, sendOtp.path, { email: ADMIN.email })).statusCode).toBe(200);
    let line: string | undefined;
    for (let i = 0; i < 100 && !line; i++) {
      line = log.lines.find((l) => l.includes('Your code is:'));
      if (!line) await new Promise((r) => setTimeout(r, 20));
    }
    const verified = await post(app, verifyOtp.path, { email: ADMIN.email, otp: codeIn(line!) });
    const token = verified.json<{ data: { token: string } }>().data.token;
    const refused: string[] = [];
    for (const candidate of list) {
      const res = await post(app, newPassword.path, {
        email: ADMIN.email,
        password: candidate,
        confirm_password: candidate,
        token,
      });
      if (res.statusCode !== 400) refused.push(`${candidate}: ${res.statusCode}`);
    }
    expect(refused).toEqual([]);
    expect(await canSignIn(app, ADMIN.email, ADMIN.password)).toBe(true);
    const good = await post(app, newPassword.path, {
      email: ADMIN.email,
      password: LONG,
      confirm_password: LONG,
      token,
    });
    expect(good.statusCode).toBe(200);
    expect(await canSignIn(app, ADMIN.email, LONG)).toBe(true);
  });

  it('are refused for the bootstrap administrator (ADMIN_PASSWORD)', () => {
    for (const candidate of list.filter((p) => p.length >= 8)) {
      expect(() =>
        loadConfig({ NODE_ENV: 'test', ADMIN_EMAIL: 'ops@b.co', ADMIN_PASSWORD: candidate }),
      ).toThrow(/ADMIN_PASSWORD: is one of the 1,000 most common passwords/);
    }
    expect(
      loadConfig({ NODE_ENV: 'test', ADMIN_EMAIL: 'ops@b.co', ADMIN_PASSWORD: LONG }).admin,
    ).toEqual({ email: 'ops@b.co', password: LONG });
  });
});

describe('reset codes', () => {
  it('never appear in an answer or a log line, even at trace level', async () => {
    const smtp = await startSmtpSink();
    const log = captureLog();
    const { app, database } = await buildTestApp(
      { SMTP_URL: smtp.url },
      { ...log.logger, level: 'trace' },
    );
    await createAdmin(database);
    const answers: string[] = [];
    const send = await post(app, sendOtp.path, { email: ADMIN.email });
    answers.push(send.body, JSON.stringify(send.headers));
    const code = codeIn((await smtp.nth(1)).raw);
    // A wrong guess first, then the right code.
    const wrongGuess = code === '00000' ? '11111' : '00000';
    const wrong = await post(app, verifyOtp.path, { email: ADMIN.email, otp: wrongGuess });
    answers.push(wrong.body);
    const right = await post(app, verifyOtp.path, { email: ADMIN.email, otp: code });
    answers.push(right.body, JSON.stringify(right.headers));
    const resetToken = right.json<{ data: { token: string } }>().data.token;
    const reset = await post(app, newPassword.path, {
      email: ADMIN.email,
      password: LONG,
      confirm_password: LONG,
      token: resetToken,
    });
    expect(reset.statusCode).toBe(200);
    answers.push(reset.body);

    for (const answer of answers) expect(answer).not.toContain(code);
    expect(log.lines.length).toBeGreaterThan(5);
    const leaks = log.lines.filter(
      (l) => l.includes(code) || l.includes(resetToken) || l.includes(LONG),
    );
    expect(leaks).toEqual([]);
  });
});
