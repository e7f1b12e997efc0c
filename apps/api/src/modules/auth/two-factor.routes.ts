import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  recoveryCodesRenew,
  STEP_UP_TTL_SECONDS,
  stepUp,
  totpDisable,
  totpEnable,
  totpSetup,
  TWO_FACTOR_MESSAGES,
  waitText,
} from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { admins } from '../../db/schema';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { createMailer } from '../../lib/mailer';
import { verifyPassword } from '../../lib/password';
import { giveBack, take, type Limit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import { sessionOf } from './auth.plugin';
import { findAdminById, twoFactorRequired } from './admins.repository';
import { revokeOwnSessions } from './sessions';
import { tooManyRequests } from './too-many-requests';
import {
  enableTwoFactor,
  isSteppedUp,
  newEnrolment,
  renewRecoveryCodes,
  resetTwoFactor,
  stepUpSession,
  totpStep,
  useRecoveryCode,
  useTotpStep,
} from './two-factor';
import { secondFactorMail, type SecondFactorChange } from './two-factor-mail';

/** Wrong step-ups per administrator per window, like wrong passwords in changePassword. */
const STEP_UP_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };

/**
 * The signed-in administrator's own second factor (My Profile, or the set-up
 * an Owner requires). Changing one that is on (a new authenticator over it,
 * turning it off, new recovery codes) needs a step-up first: the password and
 * a code again, so a stolen session alone cannot replace it. Every change is
 * audited, e-mailed to the account, and ends the account's other sessions.
 */
export async function twoFactorRoutes(app: FastifyInstance) {
  const { config, database } = app;
  const { db } = database;
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());

  type Admin = NonNullable<Awaited<ReturnType<typeof findAdminById>>>;
  const signedInAdmin = async (adminId: number): Promise<Admin> => {
    const admin = await findAdminById(db, adminId);
    if (!admin) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
    return admin;
  };

  const requireStepUp = async (sessionId: number) => {
    if (!(await isSteppedUp(db, sessionId, app.clock()))) {
      throw new HttpError(403, TWO_FACTOR_MESSAGES.stepUpRequired);
    }
  };

  /** A change of the signed-in administrator's second factor, in its transaction. */
  const change = async (
    request: FastifyRequest,
    admin: Admin,
    action: string,
    what: SecondFactorChange,
    write: (tx: Tx, adminId: number) => Promise<void>,
  ) => {
    const session = sessionOf(request);
    await db.transaction(async (tx) => {
      await write(tx, admin.id);
      await audit(tx, request, {
        action,
        tableName: 'admins',
        recordId: admin.id,
        before: { two_factor: admin.totpEnabledAt !== null },
        after: { two_factor: what !== 'disabled', change: what },
      });
      await revokeOwnSessions(tx, admin.id, config.session, { allBut: session.id });
    });
    mailer.send(secondFactorMail(admin.email, what)).catch((err: unknown) => {
      request.log.error({ err }, 'the second-factor notice could not be sent');
    });
  };

  route(app, stepUp, async (request, reply) => {
    const session = sessionOf(request);
    const { password, code } = request.body;
    const now = app.clock();
    const limitKey = `step-up:admin:${session.adminId}`;
    const limit = await take(db, limitKey, STEP_UP_LIMIT, now);
    if (!limit.allowed) {
      throw tooManyRequests(
        reply,
        limit.retryAfterSeconds,
        ACCOUNT_MESSAGES.changePasswordLocked.replace('{wait}', waitText(limit.retryAfterSeconds)),
      );
    }
    const admin = await signedInAdmin(session.adminId);
    if (!admin.passwordHash || !(await verifyPassword(password, admin.passwordHash))) {
      throw new HttpError(400, ACCOUNT_MESSAGES.oldPasswordWrong, {
        password: ACCOUNT_MESSAGES.oldPasswordWrong,
      });
    }
    const secret = admin.totpEnabledAt ? admin.totpSecret : null;
    if (secret && !code) {
      throw new HttpError(400, TWO_FACTOR_MESSAGES.stepUpCodeRequired, {
        code: TWO_FACTOR_MESSAGES.stepUpCodeRequired,
      });
    }
    const step = secret && code ? await totpStep(secret, code, now, admin.totpLastStep) : null;
    const until = new Date(now.getTime() + STEP_UP_TTL_SECONDS * 1000);
    const confirmed = await db.transaction(async (tx) => {
      if (secret && code) {
        if (step !== null) {
          if (!(await useTotpStep(tx, admin.id, step))) return false;
        } else {
          if (!(await useRecoveryCode(tx, admin.id, code))) return false;
          await audit(tx, request, {
            action: 'recovery_code_used',
            tableName: 'admins',
            recordId: admin.id,
          });
        }
      }
      await stepUpSession(tx, session.id, until);
      await audit(tx, request, {
        action: 'step_up',
        tableName: 'admin_sessions',
        recordId: session.id,
      });
      return true;
    });
    if (!confirmed) {
      throw new HttpError(400, TWO_FACTOR_MESSAGES.codeWrong, {
        code: TWO_FACTOR_MESSAGES.codeWrong,
      });
    }
    await giveBack(db, limitKey, STEP_UP_LIMIT, now);
    return {
      status: true,
      message: TWO_FACTOR_MESSAGES.steppedUp,
      data: { expires_in: STEP_UP_TTL_SECONDS },
    };
  });

  route(app, totpSetup, async (request) => {
    const session = sessionOf(request);
    const admin = await signedInAdmin(session.adminId);
    if (admin.totpEnabledAt) await requireStepUp(session.id);
    const enrolment = await newEnrolment(admin.email);
    await db.transaction(async (tx) => {
      await tx
        .update(admins)
        .set({ totpPendingSecret: enrolment.secret, updatedAt: sql`now()` })
        .where(eq(admins.id, admin.id));
      await audit(tx, request, {
        action: 'two_factor_setup',
        tableName: 'admins',
        recordId: admin.id,
      });
    });
    return {
      status: true,
      message: TWO_FACTOR_MESSAGES.setUp,
      data: {
        otpauth_url: enrolment.otpauthUrl,
        qr_code: enrolment.qrCode,
        secret: enrolment.secret,
      },
    };
  });

  // No limit on wrong codes here: whoever confirms holds the new secret already.
  route(app, totpEnable, async (request) => {
    const session = sessionOf(request);
    const admin = await signedInAdmin(session.adminId);
    const replacing = admin.totpEnabledAt !== null;
    if (replacing) await requireStepUp(session.id);
    const secret = admin.totpPendingSecret;
    if (!secret) throw new HttpError(409, TWO_FACTOR_MESSAGES.setUpFirst);
    const step = await totpStep(secret, request.body.code, app.clock());
    if (step === null) {
      throw new HttpError(400, TWO_FACTOR_MESSAGES.codeWrong, {
        code: TWO_FACTOR_MESSAGES.codeWrong,
      });
    }
    let codes: string[] = [];
    await change(
      request,
      admin,
      'two_factor_enable',
      replacing ? 'replaced' : 'enabled',
      async (tx) => {
        codes = await enableTwoFactor(tx, admin.id, secret, step);
      },
    );
    return { status: true, message: TWO_FACTOR_MESSAGES.enabled, data: { recovery_codes: codes } };
  });

  route(app, totpDisable, async (request) => {
    const session = sessionOf(request);
    const admin = await signedInAdmin(session.adminId);
    if (!admin.totpEnabledAt) throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
    await requireStepUp(session.id);
    if (await twoFactorRequired(db)) {
      throw new HttpError(409, TWO_FACTOR_MESSAGES.requiredOfEveryone);
    }
    await change(request, admin, 'two_factor_disable', 'disabled', (tx, adminId) =>
      resetTwoFactor(tx, adminId),
    );
    return { status: true, message: TWO_FACTOR_MESSAGES.disabled, data: null };
  });

  route(app, recoveryCodesRenew, async (request) => {
    const session = sessionOf(request);
    const admin = await signedInAdmin(session.adminId);
    if (!admin.totpEnabledAt) throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
    await requireStepUp(session.id);
    let codes: string[] = [];
    await change(request, admin, 'recovery_codes_renew', 'codes', async (tx, adminId) => {
      codes = await renewRecoveryCodes(tx, adminId);
    });
    return {
      status: true,
      message: TWO_FACTOR_MESSAGES.newRecoveryCodes,
      data: { recovery_codes: codes },
    };
  });
}
