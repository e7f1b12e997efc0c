import type { Database } from '../db/client';
import { audit } from '../lib/audit';
import { hashPassword } from '../lib/password';
import { passwordProblem } from '../lib/password-policy';
import { findAdminByEmail, setAdminPassword } from '../modules/auth';

/**
 * `npm run admin -- set-password <email>`: sets the password of the
 * administrator with `email` and ends every session they have, in one audited
 * transaction. The server's own way to recover an account: ADMIN_PASSWORD no
 * longer resets a password at start-up, so a password changed in the app is
 * never reverted by a deploy. Answers what to tell the operator.
 */
export async function setPassword(
  database: Database,
  options: { email: string; password: string; hashCost: number },
): Promise<{ ok: boolean; message: string }> {
  const problem = passwordProblem(options.password);
  if (problem) return { ok: false, message: `${problem} Nothing was changed.` };
  const admin = await findAdminByEmail(database.db, options.email);
  if (!admin) return { ok: false, message: `No administrator has the e-mail ${options.email}.` };
  const passwordHash = await hashPassword(options.password, options.hashCost);
  await database.db.transaction(async (tx) => {
    await setAdminPassword(tx, admin.id, passwordHash);
    await audit(
      tx,
      { ip: null },
      {
        adminId: admin.id,
        action: 'password_set_on_server',
        tableName: 'admins',
        recordId: admin.id,
      },
    );
  });
  return {
    ok: true,
    message: `The password of ${admin.email} is set; every session of that administrator has ended.`,
  };
}
