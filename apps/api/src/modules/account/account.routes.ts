import {
  ACCOUNT_MESSAGES,
  changePassword,
  newPassword,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  resendOtp,
  RESET_TOKEN_TTL_SECONDS,
  sendOtp,
  updateProfile,
  verifyOtp,
  waitText,
} from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { admins } from '../../db/schema';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { createMailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/password';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../lib/password-policy';
import { hit } from '../../lib/rate-limit';
import { sessionOf } from '../../plugins/auth';
import { findAdminByEmail, findAdminById } from '../auth/admins.repository';
import { revokeAdminSessions } from '../auth/sessions';
import { acceptFormBodies } from './form-body';
import { otpMail } from './otp-mail';
import {
  checkCode,
  createResetToken,
  findResetToken,
  issueCode,
  killCodes,
  useResetToken,
} from './otp.repository';

/** Codes asked from one client address per hour, whatever the e-mail addresses. */
const OTP_PER_IP_PER_HOUR = 30;
/** Wrong current passwords per admin per window before changePassword refuses for a while. */
const CHANGE_PASSWORD_MAX_TRIES = 10;
const CHANGE_PASSWORD_WINDOW_MS = 15 * 60_000;

/**
 * Password recovery by e-mailed code (sendOtp, resendOtp, verifyOTP,
 * newPassword), and the signed-in admin's own profile and password
 * (updateProfile, changePassword).
 */
export async function accountRoutes(app: FastifyInstance) {
  const { config, database } = app;
  const { db } = database;
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  acceptFormBodies(app);

  const tooManyRequests = (reply: FastifyReply, seconds: number, message: string) => {
    reply.header('retry-after', String(seconds));
    return new HttpError(429, message);
  };

  /**
   * sendOtp and resendOtp: the same answer, in about the same time, whether or
   * not the address is an administrator's. The e-mail leaves after the answer,
   * so the SMTP round trip tells nothing either.
   */
  const sendCode = async (
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    minGapSeconds?: number,
  ) => {
    if (!(await hit(database, `otp:ip:${request.ip}`, OTP_PER_IP_PER_HOUR, 3_600_000))) {
      throw tooManyRequests(reply, 3600, ACCOUNT_MESSAGES.otpTooMany);
    }
    // Both steps run for every address, known or not.
    const admin = await findAdminByEmail(db, email);
    const issued = await issueCode(db, email, { ttlSeconds: OTP_TTL_SECONDS, minGapSeconds });
    if (issued.kind === 'too-soon') {
      const message = ACCOUNT_MESSAGES.otpResendWait.replace(
        '{seconds}',
        String(issued.secondsLeft),
      );
      reply.header('retry-after', String(issued.secondsLeft));
      return reply.status(429).send({
        status: false,
        message,
        data: { errors: { email: message }, retry_after: issued.secondsLeft },
      });
    }
    if (issued.kind === 'too-many') throw tooManyRequests(reply, 3600, ACCOUNT_MESSAGES.otpTooMany);
    if (admin) {
      const mail = otpMail(admin.email, issued.code, OTP_TTL_SECONDS / 60);
      mailer.send(mail).catch((err: unknown) => {
        request.log.error({ err }, 'the password reset e-mail could not be sent');
      });
    }
    request.log.info({ event: 'otp_sent' }, 'password reset code issued');
    return reply.send({
      status: true,
      message: ACCOUNT_MESSAGES.otpSent,
      data: { email, expires_in: OTP_TTL_SECONDS, resend_in: OTP_RESEND_SECONDS },
    });
  };

  route(app, sendOtp, (request, reply) => sendCode(request, reply, request.body.email));

  route(app, resendOtp, (request, reply) =>
    sendCode(request, reply, request.body.email, OTP_RESEND_SECONDS),
  );

  route(app, verifyOtp, async (request) => {
    const { email, otp } = request.body;
    const result = await checkCode(db, email, otp);
    if (result === 'dead') {
      throw new HttpError(400, ACCOUNT_MESSAGES.otpDead, { otp: ACCOUNT_MESSAGES.otpDead });
    }
    const admin = result === 'ok' ? await findAdminByEmail(db, email) : null;
    if (!admin) {
      // A right code for an address that is no admin's cannot be had: no e-mail went there.
      throw new HttpError(400, ACCOUNT_MESSAGES.otpWrong, { otp: ACCOUNT_MESSAGES.otpWrong });
    }
    const token = await createResetToken(db, admin.id, RESET_TOKEN_TTL_SECONDS);
    request.log.info({ event: 'otp_verified', adminId: admin.id }, 'password reset code verified');
    return {
      status: true,
      message: ACCOUNT_MESSAGES.otpVerified,
      data: { token, expires_in: RESET_TOKEN_TTL_SECONDS },
    };
  });

  route(app, newPassword, async (request) => {
    const { email, password, token } = request.body;
    if (isCommonPassword(password)) {
      throw new HttpError(400, COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
    }
    const dead = () =>
      new HttpError(400, ACCOUNT_MESSAGES.resetTokenDead, {
        token: ACCOUNT_MESSAGES.resetTokenDead,
      });
    const found = await findResetToken(db, token);
    const admin = found ? await findAdminById(db, found.adminId) : null;
    if (!found || !admin || admin.email.toLowerCase() !== email.toLowerCase()) throw dead();

    const passwordHash = await hashPassword(password, config.passwordHashCost);
    const changed = await db.transaction(async (tx) => {
      if (!(await useResetToken(tx, found.id))) return false;
      await tx
        .update(admins)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(admins.id, admin.id));
      await revokeAdminSessions(tx, admin.id);
      await killCodes(tx, admin.email);
      await audit(tx, request, {
        adminId: admin.id,
        action: 'password_reset',
        tableName: 'admins',
        recordId: admin.id,
      });
      return true;
    });
    if (!changed) throw dead();
    return { status: true, message: ACCOUNT_MESSAGES.passwordReset, data: null };
  });

  route(app, changePassword, async (request, reply) => {
    const { adminId } = sessionOf(request);
    const { password, new_password } = request.body;
    if (isCommonPassword(new_password)) {
      throw new HttpError(400, COMMON_PASSWORD_MESSAGE, {
        new_password: COMMON_PASSWORD_MESSAGE,
      });
    }
    const allowed = await hit(
      database,
      `change-password:admin:${adminId}`,
      CHANGE_PASSWORD_MAX_TRIES,
      CHANGE_PASSWORD_WINDOW_MS,
    );
    if (!allowed) {
      const seconds = CHANGE_PASSWORD_WINDOW_MS / 1000;
      throw tooManyRequests(
        reply,
        seconds,
        ACCOUNT_MESSAGES.changePasswordLocked.replace('{wait}', waitText(seconds)),
      );
    }
    const admin = await findAdminById(db, adminId);
    if (!admin) throw new HttpError(401, 'Unauthenticated.');
    if (!(await verifyPassword(password, admin.passwordHash))) {
      throw new HttpError(400, ACCOUNT_MESSAGES.oldPasswordWrong, {
        password: ACCOUNT_MESSAGES.oldPasswordWrong,
      });
    }
    const passwordHash = await hashPassword(new_password, config.passwordHashCost);
    await db.transaction(async (tx) => {
      await tx
        .update(admins)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(admins.id, admin.id));
      await revokeAdminSessions(tx, admin.id);
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
    if (!admin) throw new HttpError(401, 'Unauthenticated.');
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
