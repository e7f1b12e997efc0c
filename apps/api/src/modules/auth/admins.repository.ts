import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins } from '../../db/schema';
import { rowsOf } from '../../lib/sql';

export async function findAdminByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.email}) = lower(${email})`);
  return row ?? null;
}

export async function findAdminById(db: Db, id: number) {
  const [row] = await db.select().from(admins).where(eq(admins.id, id));
  return row ?? null;
}

export async function countAdmins(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return row?.n ?? 0;
}

type NewAdmin = { email: string; name: string; passwordHash: string };

/**
 * Creates the administrator, or sets the password of the one with this e-mail
 * (any case). One statement, so API instances starting together over one
 * PostgreSQL cannot both try to create it.
 */
export async function upsertAdmin(db: Db, values: NewAdmin) {
  const [row] = await rowsOf<{ id: number; created: boolean }>(
    db,
    sql`insert into admins (name, email, password_hash)
        values (${values.name}, ${values.email}, ${values.passwordHash})
        on conflict ((lower(email))) do update
          set password_hash = excluded.password_hash, updated_at = now()
        returning id, (xmax = 0) as created`,
  );
  return { id: row!.id, created: row!.created };
}

/** Creates the administrator unless one with this e-mail exists; true when created. */
export async function createAdminIfMissing(db: Db, values: NewAdmin) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`insert into admins (name, email, password_hash)
        values (${values.name}, ${values.email}, ${values.passwordHash})
        on conflict ((lower(email))) do nothing
        returning id`,
  );
  return rows.length > 0;
}
