import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  newPassword,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  resendOtp,
  RESET_TOKEN_TTL_SECONDS,
  sendOtp,
  verifyOtp,
  waitText,
} from '@cabdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit';
import { clientKey } from '../../lib/client-address';
import { HttpError } from '../../lib/http-error';
import { createMailer } from '../../lib/mailer';
import { notificationFor, notify } from '../../lib/notify';
import { hashPassword } from '../../lib/password';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../lib/password-policy';
import { accountKey, clientLimit, giveBack, take, type Limit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import { findActiveAdminByEmail, findAdminById, setAdminPassword } from './admins.repository';
import { acceptFormBodies } from './form-body';
import { guessedMail, otpMail } from './otp-mail';
import {
  checkCode,
  createResetToken,
  findResetToken,
  issueCode,
  killCodes,
  OTP_MAX_ATTEMPTS,
  useResetToken,
} from './otp.repository';
import { tooManyRequests } from './too-many-requests';

/** Codes asked from one client address per hour, whatever the e-mail addresses. */
const OTP_PER_CLIENT: Limit = { max: 30, windowMs: 3_600_000 };
/** Wrong or dead codes tried from one client address per hour, whatever the e-mail addresses. */
const OTP_FAILURES_PER_CLIENT: Limit = { max: 20, windowMs: 3_600_000 };

/** The owner of an address's codes: an administrator's account, or no one's. */
const codeOwner = (email: string, admin: { id: number } | null) => ({
  email,
  waitKey: accountKey(email, admin?.id ?? null),
});

/** Password recovery by e-mailed code: sendOtp, resendOtp, verifyOTP, newPassword (SPEC 7). */
export async function recoveryRoutes(app: FastifyInstance) {
  const { config, database } = app;
  const { db } = database;
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  acceptFormBodies(app);

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
    const now = app.clock();
    const client = await take(db, `otp:${clientKey(request.ip)}`, OTP_PER_CLIENT, now);
    if (!client.allowed) {
      throw tooManyRequests(reply, client.retryAfterSeconds, ACCOUNT_MESSAGES.otpTooMany);
    }
    // Both steps run for every address, known or not.
    const admin = await findActiveAdminByEmail(db, email);
    const issued = await issueCode(
      db,
      codeOwner(email, admin),
      { ttlSeconds: OTP_TTL_SECONDS, minGapSeconds },
      now,
    );
    if (issued.kind === 'too-soon' || issued.kind === 'guessed-at') {
      const message =
        issued.kind === 'too-soon'
          ? ACCOUNT_MESSAGES.otpResendWait.replace('{seconds}', String(issued.secondsLeft))
          : ACCOUNT_MESSAGES.otpGuessedWait.replace('{wait}', waitText(issued.secondsLeft));
      reply.header('retry-after', String(issued.secondsLeft));
      return reply.status(429).send({
        status: false,
        message,
        data: { errors: { email: message }, retry_after: issued.secondsLeft },
      });
    }
    if (issued.kind === 'too-many') {
      throw tooManyRequests(reply, issued.secondsLeft, ACCOUNT_MESSAGES.otpTooMany);
    }
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

  route(app, verifyOtp, async (request, reply) => {
    const { email, otp } = request.body;
    const now = app.clock();
    const failuresKey = `otp-verify:${clientKey(request.ip)}`;
    const client = await take(db, failuresKey, OTP_FAILURES_PER_CLIENT, now);
    if (!client.allowed) {
      throw tooManyRequests(
        reply,
        client.retryAfterSeconds,
        ACCOUNT_MESSAGES.otpFailuresLocked.replace('{wait}', waitText(client.retryAfterSeconds)),
      );
    }
    const admin = await findActiveAdminByEmail(db, email);
    const result = await db.transaction(async (tx) => {
      const checked = await checkCode(tx, codeOwner(email, admin), otp, now);
      if (checked.kind === 'died' && admin) {
        await notify(tx, notificationFor.resetCodeGuessed(admin.email, OTP_MAX_ATTEMPTS));
      }
      return checked;
    });
    if (result.kind === 'died' && admin) {
      request.log.warn(
        { event: 'otp_guessed', adminId: admin.id },
        'a reset code died of wrong tries',
      );
      mailer.send(guessedMail(admin.email, OTP_MAX_ATTEMPTS)).catch((err: unknown) => {
        request.log.error({ err }, 'the reset warning e-mail could not be sent');
      });
    }
    if (result.kind === 'dead' || result.kind === 'died') {
      throw new HttpError(400, ACCOUNT_MESSAGES.otpDead, { otp: ACCOUNT_MESSAGES.otpDead });
    }
    if (result.kind === 'wrong' || !admin) {
      // A right code for an address that is no admin's cannot be had: no e-mail went there.
      throw new HttpError(400, ACCOUNT_MESSAGES.otpWrong, { otp: ACCOUNT_MESSAGES.otpWrong });
    }
    await giveBack(db, failuresKey, OTP_FAILURES_PER_CLIENT, now);
    const token = await createResetToken(db, admin.id, RESET_TOKEN_TTL_SECONDS);
    request.log.info({ event: 'otp_verified', adminId: admin.id }, 'password reset code verified');
    return {
      status: true,
      message: ACCOUNT_MESSAGES.otpVerified,
      data: { token, expires_in: RESET_TOKEN_TTL_SECONDS },
    };
  });

  // Counted per client address like sign-in; the password is hashed only for a live token.
  const newPasswordLimit = clientLimit(db, 'new-password', config.loginLimit);
  route(app, newPassword, async (request, reply) => {
    const { email, password, token } = request.body;
    const now = app.clock();
    const client = await newPasswordLimit.take(request.ip, now);
    if (!client.allowed) {
      throw tooManyRequests(reply, client.retryAfterSeconds, AUTH_MESSAGES.tooManyRequests);
    }
    const dead = () =>
      new HttpError(400, ACCOUNT_MESSAGES.resetTokenDead, {
        token: ACCOUNT_MESSAGES.resetTokenDead,
      });
    const found = await findResetToken(db, token);
    const admin = found ? await findAdminById(db, found.adminId) : null;
    if (!found || admin?.status !== 'Active' || admin.email.toLowerCase() !== email.toLowerCase()) {
      throw dead();
    }
    // Only dead tokens count against the client: a live one may take several tries of a password.
    await newPasswordLimit.giveBack(request.ip, now);
    if (isCommonPassword(password)) {
      throw new HttpError(400, COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
    }

    const passwordHash = await hashPassword(password, config.passwordHashCost);
    const changed = await db.transaction(async (tx) => {
      if (!(await useResetToken(tx, found.id))) return false;
      await setAdminPassword(tx, admin.id, passwordHash);
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
}
