import { login } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminRecoveryCodes, admins, auditLog } from '../db/schema';
import { ADMIN, buildTestApp, callApi, createAdmin } from '../../test/helper';
import { resetTwoFactorOf } from './reset-2fa';

const signInWithPassword = (app: Awaited<ReturnType<typeof buildTestApp>>['app']) =>
  callApi(app, login, { ...ADMIN, user_type: 'Admin', device_type: 'Web' });

describe('reset-2fa (npm run admin)', () => {
  it('turns off a lost second factor: the password alone signs in again; audited', async () => {
    const { app, database } = await buildTestApp();
    const admin = await createAdmin(database);
    await database.db
      .update(admins)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: sql`now()` })
      .where(eq(admins.id, admin.id));
    await database.db.insert(adminRecoveryCodes).values({ adminId: admin.id, codeHash: 'x' });
    expect((await signInWithPassword(app)).body.data).toMatchObject({
      two_factor_required: true,
    });

    const result = await resetTwoFactorOf(database, ADMIN.email.toUpperCase());

    expect(result).toEqual({
      ok: true,
      message: `Two-factor sign-in of ${ADMIN.email} is off: they sign in with their password.`,
    });
    const signedIn = await signInWithPassword(app);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body.data.token).toEqual(expect.any(String));
    expect(await database.db.select().from(adminRecoveryCodes)).toEqual([]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'two_factor_reset'));
    expect(entry).toMatchObject({ adminId: admin.id, recordId: admin.id, ip: null });
  });

  it('says so for an unknown e-mail and changes nothing', async () => {
    const { database } = await buildTestApp();
    await createAdmin(database);
    expect(await resetTwoFactorOf(database, 'nobody@cabdesk.test')).toEqual({
      ok: false,
      message: 'No administrator has the e-mail nobody@cabdesk.test.',
    });
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });
});
