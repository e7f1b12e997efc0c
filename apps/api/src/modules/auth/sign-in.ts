import type { LoginData } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { admins } from '../../db/schema';
import { audit } from '../../lib/audit';
import { twoFactorRequired } from './admins.repository';
import { createSession, type SessionPolicy } from './sessions';

type Device = { deviceToken: string | null; deviceType: string };
type SignedIn = Extract<LoginData, { token: string }>;

/**
 * Signs `admin` in, in the caller's transaction: a new session, its audit row
 * and their last sign-in. Answers the session's token.
 */
export async function openSession(
  tx: Tx,
  request: FastifyRequest,
  policy: SessionPolicy,
  adminId: number,
  device: Device,
) {
  const created = await createSession(tx, policy, {
    adminId,
    ...device,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 512),
  });
  await tx
    .update(admins)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(admins.id, adminId));
  await audit(tx, request, {
    adminId,
    action: 'login',
    tableName: 'admin_sessions',
    recordId: created.id,
  });
  return created.token;
}

/** What a sign-in answers: the token, who signed in, and whether two-factor set-up is owed. */
export async function signedInData(
  db: Db,
  token: string,
  admin: { id: number; name: string; email: string; role: SignedIn['user']['role'] },
  hasTwoFactor: boolean,
): Promise<SignedIn> {
  const setUp = !hasTwoFactor && (await twoFactorRequired(db));
  return {
    token,
    user: { id: admin.id, name: admin.name, email: admin.email, role: admin.role },
    ...(setUp ? { two_factor_setup_required: true as const } : {}),
  };
}
