import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  login,
  login2fa,
  logout,
  waitText,
  type LoginData,
} from '@cabdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { hashPassword, verifyPassword } from '../../lib/password';
import { accountKey } from '../../lib/rate-limit';
import { sessionOf } from './auth.plugin';
import { findAdminByEmail, findAdminById } from './admins.repository';
import { resetCodeWait } from './otp.repository';
import { loginLimiter } from './login-limit';
import { revokeSession } from './sessions';
import { openSession, signedInData } from './sign-in';
import {
  CHALLENGE_TTL_SECONDS,
  createChallenge,
  takeChallengeTry,
  totpStep,
  useChallenge,
  useRecoveryCode,
  useTotpStep,
} from './two-factor';

type Admin = NonNullable<Awaited<ReturnType<typeof findAdminById>>>;
type Device = { deviceToken: string | null; deviceType: string };

export async function authRoutes(app: FastifyInstance) {
  const { config, database } = app;
  const { db } = database;
  const limiter = loginLimiter(db, config.loginLimit);

  // Unknown e-mails are checked against this hash so they take as long as wrong passwords.
  let dummyHash: Promise<string> | undefined;
  const hashForUnknownEmail = () =>
    (dummyHash ??= hashPassword(randomBytes(16).toString('hex'), config.passwordHashCost).catch(
      (error: unknown) => {
        dummyHash = undefined; // a busy lane: try again next time
        throw error;
      },
    ));

  /** One attempt of a sign-in step on `admin`'s account (or none): 429 once the limits say so. */
  const attempt = async (
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    admin: { id: number } | null,
  ) => {
    const limit = await limiter.attempt(
      { email, adminId: admin?.id ?? null, ip: request.ip },
      app.clock(),
    );
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfterSeconds));
      throw new HttpError(
        429,
        ACCOUNT_MESSAGES.loginLocked.replace('{wait}', waitText(limit.retryAfterSeconds)),
      );
    }
    return limit.throttleKey;
  };

  /** A refused sign-in on an administrator's account is audited (one on no account is only logged). */
  const refuse = async (
    request: FastifyRequest,
    admin: Admin | null,
    action: 'login_failed' | 'login_2fa_failed',
    error: HttpError,
  ): Promise<never> => {
    request.log.info({ event: action }, 'sign-in refused');
    if (admin) {
      await audit(db, request, {
        adminId: admin.id,
        action,
        tableName: 'admins',
        recordId: admin.id,
      });
    }
    throw error;
  };

  /**
   * A new session for `admin`, its audit row and their last sign-in, in one
   * transaction; null, with nothing changed, when `check` (run first in it)
   * says no.
   */
  const signIn = async (
    request: FastifyRequest,
    admin: Admin,
    device: Device,
    check?: (tx: Tx) => Promise<boolean>,
  ) => {
    const refused = new Error('refused');
    const token = await db
      .transaction(async (tx) => {
        if (check && !(await check(tx))) throw refused;
        return openSession(tx, request, config.session, admin.id, device);
      })
      .catch((error: unknown) => {
        if (error === refused) return null;
        throw error;
      });
    if (!token) return null;
    return signedInData(db, token, admin, admin.totpEnabledAt !== null);
  };

  route(app, login, async (request, reply) => {
    const { email, password, device_token, device_type } = request.body;
    const found = await findAdminByEmail(db, email);
    // Someone invited who has not accepted has no password: like no account.
    const admin = found?.passwordHash ? found : null;
    const throttleKey = await attempt(request, reply, email, admin);

    const valid = await verifyPassword(
      password,
      admin?.passwordHash ?? (await hashForUnknownEmail()),
    );
    // A deactivated account answers as a wrong password does: the answer tells no one
    // that the password was right; its owner learns of the deactivation from their Owner.
    if (!admin || !valid || admin.status !== 'Active') {
      return refuse(
        request,
        admin,
        'login_failed',
        new HttpError(401, AUTH_MESSAGES.badCredentials),
      );
    }
    await limiter.succeeded(request.ip, throttleKey, app.clock());
    // The owner is here: a reset code for this account need not wait any more.
    await resetCodeWait(db, accountKey(admin.email, admin.id));

    const device = { deviceToken: device_token ?? null, deviceType: device_type };
    let data: LoginData;
    if (admin.totpEnabledAt) {
      const challenge = await createChallenge(db, { adminId: admin.id, ...device }, app.clock());
      data = { two_factor_required: true, challenge, expires_in: CHALLENGE_TTL_SECONDS };
      return { status: true, message: AUTH_MESSAGES.secondFactor, data };
    }
    data = (await signIn(request, admin, device))!;
    return { status: true, message: AUTH_MESSAGES.loggedIn, data };
  });

  route(app, login2fa, async (request, reply) => {
    const { challenge: token, code } = request.body;
    const now = app.clock();
    const dead = () => new HttpError(401, AUTH_MESSAGES.challengeDead);
    const challenge = await takeChallengeTry(db, token, now);
    const admin = challenge ? await findAdminById(db, challenge.adminId) : null;
    if (!challenge || !admin || admin.status !== 'Active' || !admin.totpSecret) throw dead();
    const throttleKey = await attempt(request, reply, admin.email, admin);

    const step = await totpStep(admin.totpSecret, code, now, admin.totpLastStep);
    const data = await signIn(
      request,
      admin,
      { deviceToken: challenge.deviceToken, deviceType: challenge.deviceType ?? 'Web' },
      async (tx) => {
        if (!(await useChallenge(tx, challenge.tokenHash))) return false;
        if (step !== null) return useTotpStep(tx, admin.id, step);
        if (!(await useRecoveryCode(tx, admin.id, code))) return false;
        // Audited apart from the sign-in: the Owner sees codes running out.
        await audit(tx, request, {
          adminId: admin.id,
          action: 'recovery_code_used',
          tableName: 'admins',
          recordId: admin.id,
        });
        return true;
      },
    );
    if (!data) {
      return refuse(
        request,
        admin,
        'login_2fa_failed',
        new HttpError(401, AUTH_MESSAGES.codeWrong),
      );
    }
    await limiter.succeeded(request.ip, throttleKey, now);
    return { status: true, message: AUTH_MESSAGES.loggedIn, data };
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
