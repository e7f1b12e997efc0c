import { AUTH_MESSAGES, totpEnable, totpSetup, TWO_FACTOR_MESSAGES } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { admins } from '../../db/schema';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { sessionOf } from './auth.plugin';
import { findAdminById } from './admins.repository';
import { enableTwoFactor, newEnrolment, totpStep } from './two-factor';

/** Enrolment in two-factor sign-in, from My Profile (or the set-up an Owner requires). */
export async function twoFactorRoutes(app: FastifyInstance) {
  const { db } = app.database;

  const signedInAdmin = async (adminId: number) => {
    const admin = await findAdminById(db, adminId);
    if (!admin) throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
    return admin;
  };

  route(app, totpSetup, async (request) => {
    const admin = await signedInAdmin(sessionOf(request).adminId);
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
    const admin = await signedInAdmin(sessionOf(request).adminId);
    const secret = admin.totpPendingSecret;
    if (!secret) throw new HttpError(409, TWO_FACTOR_MESSAGES.setUpFirst);
    const step = await totpStep(secret, request.body.code, app.clock());
    if (step === null) {
      throw new HttpError(400, TWO_FACTOR_MESSAGES.codeWrong, {
        code: TWO_FACTOR_MESSAGES.codeWrong,
      });
    }
    const codes = await db.transaction(async (tx) => {
      const recovery = await enableTwoFactor(tx, admin.id, secret, step);
      await audit(tx, request, {
        action: 'two_factor_enable',
        tableName: 'admins',
        recordId: admin.id,
        before: { two_factor: admin.totpEnabledAt !== null },
        after: { two_factor: true },
      });
      return recovery;
    });
    return { status: true, message: TWO_FACTOR_MESSAGES.enabled, data: { recovery_codes: codes } };
  });
}
