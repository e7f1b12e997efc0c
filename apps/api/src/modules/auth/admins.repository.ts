import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { admins, flags } from '../../db/schema';
import { rowsOf } from '../../lib/sql';
import { revokeAdminSessions, TWO_FACTOR_REQUIRED_FLAG } from './sessions';

export async function findAdminByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.email}) = lower(${email})`);
  return row ?? null;
}

/** The administrator with this e-mail (any case) who may sign in: Active, with a password. */
export async function findActiveAdminByEmail(db: Db, email: string) {
  const admin = await findAdminByEmail(db, email);
  return admin?.status === 'Active' && admin.passwordHash ? admin : null;
}

export async function findAdminById(db: Db | Tx, id: number) {
  const [row] = await db.select().from(admins).where(eq(admins.id, id));
  return row ?? null;
}

export async function countAdmins(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return row?.n ?? 0;
}

type NewAdmin = { email: string; name: string; passwordHash: string };

/**
 * Creates the administrator (an Owner), or sets the password of the one with
 * this e-mail (any case).
 */
export async function upsertAdmin(db: Db, values: NewAdmin) {
  const [row] = await rowsOf<{ id: number; created: boolean }>(
    db,
    sql`insert into admins (name, email, password_hash, role)
        values (${values.name}, ${values.email}, ${values.passwordHash}, 'Owner')
        on conflict ((lower(email))) do update
          set password_hash = excluded.password_hash, updated_at = now()
        returning id, (xmax = 0) as created`,
  );
  return { id: row!.id, created: row!.created };
}

/**
 * Creates the administrator, an Owner, unless an account with this e-mail
 * (any case) exists; true when created. One statement, so API instances
 * starting together over one PostgreSQL cannot both create it.
 */
export async function createAdminIfMissing(db: Db, values: NewAdmin) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`insert into admins (name, email, password_hash, role)
        values (${values.name}, ${values.email}, ${values.passwordHash}, 'Owner')
        on conflict ((lower(email))) do nothing
        returning id`,
  );
  return rows.length > 0;
}

/**
 * Sets an administrator's password and ends every session they have: whoever
 * knew the old one is signed out everywhere. Call inside the change's transaction.
 */
export async function setAdminPassword(tx: Tx, adminId: number, passwordHash: string) {
  await tx
    .update(admins)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(admins.id, adminId));
  await revokeAdminSessions(tx, adminId);
}

/** Whether an Owner requires two-factor sign-in of every administrator. */
export async function twoFactorRequired(db: Db | Tx) {
  const [row] = await db
    .select({ value: flags.value })
    .from(flags)
    .where(eq(flags.key, TWO_FACTOR_REQUIRED_FLAG));
  return row?.value === 'true';
}

/** Requires two-factor sign-in of every administrator, or makes it optional. */
export async function setTwoFactorRequired(tx: Tx, required: boolean) {
  await tx
    .insert(flags)
    .values({ key: TWO_FACTOR_REQUIRED_FLAG, value: String(required) })
    .onConflictDoUpdate({
      target: flags.key,
      set: { value: String(required), updatedAt: sql`now()` },
    });
}
