import { ACCOUNT_MESSAGES, AUTH_MESSAGES, login, logout, waitText } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { hashPassword, verifyPassword } from '../../lib/password';
import { sessionOf } from './auth.plugin';
import { findAdminByEmail } from './admins.repository';
import { accountKey } from '../../lib/rate-limit';
import { resetCodeWait } from './otp.repository';
import { loginLimiter } from './login-limit';
import { createSession, revokeSession } from './sessions';

export async function authRoutes(app: FastifyInstance) {
  const { config, database } = app;
  const { db } = database;
  const limiter = loginLimiter(db, config.loginLimit);

  // Unknown e-mails are checked against this hash so they take as long as wrong passwords.
  let dummyHash: Promise<string> | undefined;
  const hashForUnknownEmail = () =>
    (dummyHash ??= hashPassword(randomBytes(16).toString('hex'), config.passwordHashCost));

  route(app, login, async (request, reply) => {
    const { email, password, device_token, device_type } = request.body;
    const now = app.clock();
    const admin = await findAdminByEmail(db, email);
    const limit = await limiter.attempt({ email, adminId: admin?.id ?? null, ip: request.ip }, now);
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfterSeconds));
      throw new HttpError(
        429,
        ACCOUNT_MESSAGES.loginLocked.replace('{wait}', waitText(limit.retryAfterSeconds)),
      );
    }

    const valid = await verifyPassword(
      password,
      admin?.passwordHash ?? (await hashForUnknownEmail()),
    );
    if (!admin || !valid) {
      request.log.info({ event: 'login_failed' }, 'sign-in refused');
      throw new HttpError(401, AUTH_MESSAGES.badCredentials);
    }
    await limiter.succeeded(request.ip, limit.throttleKey, now);
    // The owner is here: a reset code for this account need not wait any more.
    await resetCodeWait(db, accountKey(admin.email, admin.id));

    const session = await db.transaction(async (tx) => {
      const created = await createSession(tx, config.session, {
        adminId: admin.id,
        deviceToken: device_token ?? null,
        deviceType: device_type,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512),
      });
      await audit(tx, request, {
        adminId: admin.id,
        action: 'login',
        tableName: 'admin_sessions',
        recordId: created.id,
      });
      return created;
    });
    return {
      status: true,
      message: AUTH_MESSAGES.loggedIn,
      data: {
        token: session.token,
        user: { id: admin.id, name: admin.name, email: admin.email },
      },
    };
  });

  route(app, logout, async (request) => {
    const session = sessionOf(request);
    await db.transaction(async (tx) => {
      await revokeSession(tx, session.id);
      await audit(tx, request, {
        action: 'logout',
        tableName: 'admin_sessions',
        recordId: session.id,
      });
    });
    return { status: true, message: AUTH_MESSAGES.loggedOut, data: null };
  });
}
