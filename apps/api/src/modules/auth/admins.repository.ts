import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins } from '../../db/schema';

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

/** Creates the administrator, or sets the password of the one with this e-mail. */
export async function upsertAdmin(
  db: Db,
  values: { email: string; name: string; passwordHash: string },
) {
  const existing = await findAdminByEmail(db, values.email);
  if (existing) {
    await db
      .update(admins)
      .set({ passwordHash: values.passwordHash, updatedAt: sql`now()` })
      .where(eq(admins.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await db.insert(admins).values(values).returning({ id: admins.id });
  return { id: row!.id, created: true };
}
