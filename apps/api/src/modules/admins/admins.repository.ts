import type { Administrator, Role } from '@cabdesk/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { admins } from '../../db/schema';

type AdminRow = typeof admins.$inferSelect;

/** What the administrators screen shows of an administrator (never a secret or a hash). */
export const toAdministrator = (row: AdminRow): Administrator => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.status,
  two_factor: row.totpEnabledAt !== null,
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  invite_expires_at: row.status === 'Invited' ? (row.inviteExpiresAt?.toISOString() ?? null) : null,
  created_at: row.createdAt.toISOString(),
});

/** Everyone, in the order they joined: a desk has a handful, not thousands. */
export const listAdmins = (db: Db) =>
  db.select().from(admins).orderBy(asc(admins.createdAt), asc(admins.id));

/**
 * Serialises every change to the team (invitations, roles, statuses) for the
 * rest of the transaction: two Owners demoting each other at the same moment
 * must not both see the other still there.
 */
const lockTeam = (tx: Tx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('cabdesk:admin-team'))`);

export type Refusal =
  { kind: 'missing' } | { kind: 'taken' } | { kind: 'last-owner' } | { kind: 'not-accepted' };

/**
 * Invites `email` as `role`: a new administrator who cannot sign in yet, or
 * a fresh invitation (the last one's link dies) for someone who never
 * accepted one. Someone with a password is refused: change their role or
 * status instead.
 */
export async function invite(
  tx: Tx,
  values: { email: string; role: Role; invitedBy: number; tokenHash: string; expiresAt: Date },
): Promise<Refusal | { kind: 'done'; admin: AdminRow; before: AdminRow | null }> {
  await lockTeam(tx);
  const [existing] = await tx
    .select()
    .from(admins)
    .where(sql`lower(${admins.email}) = lower(${values.email})`);
  if (existing?.passwordHash) return { kind: 'taken' };
  const invitation = {
    role: values.role,
    status: 'Invited' as const,
    inviteTokenHash: values.tokenHash,
    inviteExpiresAt: values.expiresAt,
    invitedBy: values.invitedBy,
  };
  const [row] = existing
    ? await tx
        .update(admins)
        .set({ ...invitation, updatedAt: sql`now()` })
        .where(eq(admins.id, existing.id))
        .returning()
    : await tx
        .insert(admins)
        .values({ ...invitation, email: values.email, name: '' })
        .returning();
  return { kind: 'done', admin: row!, before: existing ?? null };
}

const activeOwners = async (tx: Tx) => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(admins)
    .where(and(eq(admins.role, 'Owner'), eq(admins.status, 'Active')));
  return row?.n ?? 0;
};

/**
 * Changes an administrator's role or status (an Owner's own too, while
 * another Owner is active). Refused: the last active Owner losing the role or
 * being deactivated, and activating someone who never accepted an
 * invitation. Withdrawing (deactivating) an invitation kills its link.
 */
export async function changeAdmin(
  tx: Tx,
  id: number,
  change: { role?: Role; status?: 'Active' | 'Inactive' },
): Promise<Refusal | { kind: 'done'; before: AdminRow; after: AdminRow }> {
  await lockTeam(tx);
  const [before] = await tx.select().from(admins).where(eq(admins.id, id));
  if (!before) return { kind: 'missing' };
  const role = change.role ?? before.role;
  const status = change.status ?? before.status;
  if (status === 'Active' && !before.passwordHash) return { kind: 'not-accepted' };
  const losesOwner =
    before.role === 'Owner' &&
    before.status === 'Active' &&
    (role !== 'Owner' || status !== 'Active');
  if (losesOwner && (await activeOwners(tx)) <= 1) return { kind: 'last-owner' };
  const [after] = await tx
    .update(admins)
    .set({
      role,
      status,
      ...(status === 'Inactive' ? { inviteTokenHash: null, inviteExpiresAt: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(admins.id, id))
    .returning();
  return { kind: 'done', before, after: after! };
}

const livingInvitation = (tokenHash: string, now: Date) =>
  and(
    eq(admins.inviteTokenHash, tokenHash),
    eq(admins.status, 'Invited'),
    gt(admins.inviteExpiresAt, now),
  );

/** The pending invitation of a token, unexpired at `now`; null when there is none. */
export async function findInvitation(db: Db | Tx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(livingInvitation(tokenHash, now));
  return row ?? null;
}

/**
 * Accepts the invitation of a token that is pending and unexpired at `now`:
 * the invitee's name and password, Active, the link dead. Null when there is
 * no such invitation.
 */
export async function acceptInvitation(
  tx: Tx,
  tokenHash: string,
  now: Date,
  values: { name: string; passwordHash: string },
) {
  const [row] = await tx
    .update(admins)
    .set({
      ...values,
      status: 'Active',
      inviteTokenHash: null,
      inviteExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(livingInvitation(tokenHash, now))
    .returning();
  return row ?? null;
}
