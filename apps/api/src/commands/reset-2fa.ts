import type { Database } from '../db/client';
import { audit } from '../lib/audit';
import { findAdminByEmail, resetTwoFactor, twoFactorRequired } from '../modules/auth';

/**
 * `npm run admin -- reset-2fa <email>`: turns off the two-factor sign-in of
 * the administrator with `email` (their secret and recovery codes go), in one
 * audited transaction: the way back in for an Owner who lost the phone and
 * the recovery codes, when no other Owner can reset it from the app. Answers
 * what to tell the operator.
 */
export async function resetTwoFactorOf(
  database: Database,
  email: string,
): Promise<{ ok: boolean; message: string }> {
  const admin = await findAdminByEmail(database.db, email);
  if (!admin) return { ok: false, message: `No administrator has the e-mail ${email}.` };
  await database.db.transaction(async (tx) => {
    await resetTwoFactor(tx, admin.id);
    await audit(
      tx,
      { ip: null },
      {
        adminId: admin.id,
        action: 'two_factor_reset',
        tableName: 'admins',
        recordId: admin.id,
        before: { two_factor: admin.totpEnabledAt !== null },
        after: { two_factor: false },
      },
    );
  });
  const again = (await twoFactorRequired(database.db))
    ? ' It is required, so their next sign-in leads them to set it up again.'
    : '';
  return {
    ok: true,
    message: `Two-factor sign-in of ${admin.email} is off: they sign in with their password.${again}`,
  };
}
