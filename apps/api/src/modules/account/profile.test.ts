import { changePassword, getProfile, updateProfile, urlOf } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admins, auditLog } from '../../db/schema';
import { ADMIN, api, bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const post = (app: App, path: string, payload: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url: api(path),
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });

async function signedIn(env: Record<string, string> = {}) {
  const built = await buildTestApp(env);
  const admin = await createAdmin(built.database);
  const token = await signIn(built.app);
  return { ...built, admin, token };
}

const huge = 'x'.repeat(10_000);

describe('updateProfile', () => {
  it('changes the name and phone, writes an audit row, and getProfile shows them', async () => {
    const { app, database, admin, token } = await signedIn();
    const res = await post(
      app,
      updateProfile.path,
      { name: '  Ada Admin ', email: ADMIN.email, phone: '5551234567' },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: 'Profile updated successfully.',
      data: { id: admin.id, name: 'Ada Admin', email: ADMIN.email, phone: '5551234567' },
    });
    const profile = await app.inject({ url: urlOf(getProfile), headers: bearer(token) });
    expect(profile.json().data).toMatchObject({ name: 'Ada Admin', phone: '5551234567' });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'profile_update'`);
    expect(entry).toMatchObject({
      adminId: admin.id,
      tableName: 'admins',
      recordId: admin.id,
      before: { name: 'Test Admin', phone: null },
      after: { name: 'Ada Admin', phone: '5551234567' },
    });
  });

  it('accepts the call without the e-mail, and the e-mail in another case', async () => {
    const { app, token } = await signedIn();
    expect(
      (await post(app, updateProfile.path, { name: 'A', phone: '5551234567' }, token)).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          app,
          updateProfile.path,
          { name: 'A', email: ADMIN.email.toUpperCase(), phone: '5551234567' },
          token,
        )
      ).statusCode,
    ).toBe(200);
  });

  it.each([
    ['no name', { phone: '5551234567' }, 'name', 'Please enter your full name.'],
    ['a blank name', { name: '   ', phone: '5551234567' }, 'name', 'Please enter your full name.'],
    ['a number as name', { name: 42, phone: '5551234567' }, 'name', 'Please enter your full name.'],
    ['a 10 KB name', { name: huge, phone: '5551234567' }, 'name', 'Full name is too long.'],
    ['no phone', { name: 'A' }, 'phone', 'Please enter your mobile number.'],
    ['an empty phone', { name: 'A', phone: '' }, 'phone', 'Please enter your mobile number.'],
    [
      'a 9-digit phone',
      { name: 'A', phone: '555123456' },
      'phone',
      'Please enter valid 10 digit mobile number ',
    ],
    [
      'letters in the phone',
      { name: 'A', phone: '555123456x' },
      'phone',
      'Please enter valid 10 digit mobile number ',
    ],
    [
      'a 10 KB phone',
      { name: 'A', phone: huge },
      'phone',
      'Please enter valid 10 digit mobile number ',
    ],
    [
      'a number as phone',
      { name: 'A', phone: 5551234567 },
      'phone',
      'Please enter your mobile number.',
    ],
    [
      'a bad e-mail',
      { name: 'A', phone: '5551234567', email: 'nope' },
      'email',
      'Please enter valid email.',
    ],
    [
      'another e-mail',
      { name: 'A', phone: '5551234567', email: 'other@cabdesk.test' },
      'email',
      'The e-mail address cannot be changed.',
    ],
  ])('refuses %s and changes nothing', async (_label, body, field, message) => {
    const { app, database, token } = await signedIn();
    const res = await post(app, updateProfile.path, body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
    expect(res.json().data.errors[field]).toBe(message);
    const [row] = await database.db.select().from(admins);
    expect(row).toMatchObject({ name: 'Test Admin', phone: null, email: ADMIN.email });
  });

  it('needs a session', async () => {
    const { app } = await signedIn();
    const res = await post(app, updateProfile.path, { name: 'A', phone: '5551234567' });
    expect(res.statusCode).toBe(401);
  });
});

describe('changePassword', () => {
  const NEW = 'a new long passphrase';

  it('checks the current password, sets the new one and ends every session', async () => {
    const { app, database, admin, token } = await signedIn();
    const other = await signIn(app);

    const res = await post(
      app,
      changePassword.path,
      { password: ADMIN.password, new_password: NEW, confirm_password: NEW },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: 'Your password has been changed. Please sign in again.',
      data: null,
    });
    for (const t of [token, other]) {
      const after = await app.inject({ url: urlOf(getProfile), headers: bearer(t) });
      expect(after.statusCode).toBe(401);
    }
    await expect(signIn(app)).rejects.toThrow(/401/);
    await signIn(app, { email: ADMIN.email, password: NEW });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'password_change'`);
    expect(entry).toMatchObject({ adminId: admin.id, recordId: admin.id });
  });

  it('refuses a wrong current password and keeps everything', async () => {
    const { app, database, token } = await signedIn();
    const before = (await database.db.select().from(admins))[0]!.passwordHash;
    const res = await post(
      app,
      changePassword.path,
      { password: 'not my password', new_password: NEW, confirm_password: NEW },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: 'The current password is not correct.',
      data: { errors: { password: 'The current password is not correct.' } },
    });
    expect((await database.db.select().from(admins))[0]!.passwordHash).toBe(before);
    const still = await app.inject({ url: urlOf(getProfile), headers: bearer(token) });
    expect(still.statusCode).toBe(200);
  });

  it('stops guessing the current password after 10 tries in 15 minutes', async () => {
    const { app, token } = await signedIn();
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const res = await post(
        app,
        changePassword.path,
        { password: `guess ${i}`, new_password: NEW, confirm_password: NEW },
        token,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it.each([
    ['nothing', {}, 'password', 'Please enter old password'],
    [
      'no current password',
      { new_password: NEW, confirm_password: NEW },
      'password',
      'Please enter old password',
    ],
    [
      'no new password',
      { password: ADMIN.password, confirm_password: NEW },
      'new_password',
      'Please enter new password',
    ],
    [
      'a short new password',
      { password: ADMIN.password, new_password: 'short', confirm_password: 'short' },
      'new_password',
      'Please enter the password at least 8 characters.',
    ],
    [
      'a 10 KB new password',
      { password: ADMIN.password, new_password: huge, confirm_password: huge },
      'new_password',
      'Password is too long.',
    ],
    [
      'a number as new password',
      { password: ADMIN.password, new_password: 123456789, confirm_password: '123456789' },
      'new_password',
      'Please enter new password',
    ],
    [
      'no confirmation',
      { password: ADMIN.password, new_password: NEW },
      'confirm_password',
      'Please enter confirm password',
    ],
    [
      'a different confirmation',
      { password: ADMIN.password, new_password: NEW, confirm_password: `${NEW}!` },
      'confirm_password',
      'New password and Confirm password does not matched!',
    ],
  ])('refuses %s with the SPEC message', async (_label, body, field, message) => {
    const { app, database, token } = await signedIn();
    const before = (await database.db.select().from(admins))[0]!.passwordHash;
    const res = await post(app, changePassword.path, body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors[field]).toBe(message);
    expect((await database.db.select().from(admins))[0]!.passwordHash).toBe(before);
  });

  it('needs a session', async () => {
    const { app } = await signedIn();
    const res = await post(app, changePassword.path, {
      password: ADMIN.password,
      new_password: NEW,
      confirm_password: NEW,
    });
    expect(res.statusCode).toBe(401);
  });
});
