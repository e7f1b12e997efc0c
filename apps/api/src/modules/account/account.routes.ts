import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  changePassword,
  getProfile,
  updateProfile,
  waitText,
} from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { admins } from '../../db/schema';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../lib/password-policy';
import { take, type Limit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import { findAdminById, sessionOf, setAdminPassword, tooManyRequests } from '../auth';

/** Wrong current passwords per admin per window before changePassword refuses for a while. */
const CHANGE_PASSWORD_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };

/** The signed-in administrator's own profile and password (SPEC 7). */
export async function accountRoutes(app: FastifyInstance) {
  const { config, database } = app;
  const { db } = database;

  route(app, getProfile, async (request) => {
    const session = sessionOf(request);
    const admin = await findAdminById(db, session.adminId);
    if (!admin) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
    const twoFactor = admin.totpEnabledAt !== null;
    return {
      status: true,
      message: 'Profile fetched successfully.',
      data: {
        id: admin.id,
        name: admin.name,
        email: admin.email,
        phone: admin.phone,
        role: admin.role,
        two_factor_enabled: twoFactor,
        // The session check read it (auth.plugin.ts): no second query.
        two_factor_setup_required: session.mustEnrol,
      },
    };
  });

  route(app, changePassword, async (request, reply) => {
    const { adminId } = sessionOf(request);
    const { password, new_password } = request.body;
    if (isCommonPassword(new_password)) {
      throw new HttpError(400, COMMON_PASSWORD_MESSAGE, {
        new_password: COMMON_PASSWORD_MESSAGE,
      });
    }
    const limit = await take(
      db,
      `change-password:admin:${adminId}`,
      CHANGE_PASSWORD_LIMIT,
      app.clock(),
    );
    if (!limit.allowed) {
      throw tooManyRequests(
        reply,
        limit.retryAfterSeconds,
        ACCOUNT_MESSAGES.changePasswordLocked.replace('{wait}', waitText(limit.retryAfterSeconds)),
      );
    }
    const admin = await findAdminById(db, adminId);
    if (!admin) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
    if (!admin.passwordHash || !(await verifyPassword(password, admin.passwordHash))) {
      throw new HttpError(400, ACCOUNT_MESSAGES.oldPasswordWrong, {
        password: ACCOUNT_MESSAGES.oldPasswordWrong,
      });
    }
    const passwordHash = await hashPassword(new_password, config.passwordHashCost);
    await db.transaction(async (tx) => {
      await setAdminPassword(tx, admin.id, passwordHash);
      await audit(tx, request, {
        action: 'password_change',
        tableName: 'admins',
        recordId: admin.id,
      });
    });
    return { status: true, message: ACCOUNT_MESSAGES.passwordChanged, data: null };
  });

  route(app, updateProfile, async (request) => {
    const { adminId } = sessionOf(request);
    const { name, email, phone } = request.body;
    const admin = await findAdminById(db, adminId);
    if (!admin) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
    if (email !== undefined && email.toLowerCase() !== admin.email.toLowerCase()) {
      throw new HttpError(400, ACCOUNT_MESSAGES.emailFixed, {
        email: ACCOUNT_MESSAGES.emailFixed,
      });
    }
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(admins)
        .set({ name, phone, updatedAt: sql`now()` })
        .where(eq(admins.id, admin.id))
        .returning();
      await audit(tx, request, {
        action: 'profile_update',
        tableName: 'admins',
        recordId: admin.id,
        before: { name: admin.name, phone: admin.phone },
        after: { name, phone },
      });
      return row!;
    });
    return {
      status: true,
      message: ACCOUNT_MESSAGES.profileUpdated,
      data: { id: updated.id, name: updated.name, email: updated.email, phone: updated.phone },
    };
  });
}
