import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '@cabdesk/contract';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db, Tx } from '../../db/client';
import { adminRecoveryCodes, admins, adminSessions, loginChallenges } from '../../db/schema';
import { at } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';

/**
 * Two-factor sign-in: TOTP (RFC 6238, otplib: SHA-1, 6 digits, 30 s, what
 * every authenticator app reads), single-use recovery codes, and the
 * challenge that links a right password to the code that completes it.
 */

const ISSUER = 'Cabdesk';
/** Seconds a login challenge lives: long enough to open the app, short enough to be useless later. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** Wrong codes one challenge takes before it dies (the password must be given again). */
const CHALLENGE_MAX_ATTEMPTS = 5;
/** Clock drift allowed either way: the code of the step before or after also counts. */
const TOLERANCE_SECONDS = 30;

const TOTP_CODE = new RegExp(`^\\d{${TOTP_DIGITS}}$`);
/** RFC 4648 Base32 letters, lower case: no 0/1/8/9 to mistake for O/I/B/g. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export async function newEnrolment(email: string) {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1 }) };
}

/**
 * The time step of `code` under `secret` at `now`, or null when it is not a
 * code of this secret then, or of a step at or before `afterStep` (a code
 * already used: replay).
 */
export async function totpStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null = null,
): Promise<number | null> {
  if (!TOTP_CODE.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // A TOTP result carries its time step (the union type also covers HOTP's).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** `abcde-fghij`: 50 random bits, typed once. */
const recoveryCode = () => {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(32)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
};

/** What is hashed of a recovery code: case, blanks and dashes do not matter. */
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * Turns two-factor sign-in on with the confirmed pending secret and answers
 * new recovery codes (any older ones die). In the caller's transaction.
 */
export async function enableTwoFactor(tx: Tx, adminId: number, secret: string, step: number) {
  await tx
    .update(admins)
    .set({
      totpSecret: secret,
      totpPendingSecret: null,
      totpEnabledAt: sql`now()`,
      totpLastStep: step,
      updatedAt: sql`now()`,
    })
    .where(eq(admins.id, adminId));
  return renewRecoveryCodes(tx, adminId);
}

/** New recovery codes for the administrator; the older ones die. In the caller's transaction. */
export async function renewRecoveryCodes(tx: Tx, adminId: number) {
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await tx
    .insert(adminRecoveryCodes)
    .values(codes.map((code) => ({ adminId, codeHash: hashToken(normalRecoveryCode(code)) })));
  return codes;
}

/** Lets a session change its second factor until `until` (a step-up). */
export async function stepUpSession(db: Db, sessionId: number, until: Date) {
  await db.update(adminSessions).set({ stepUpUntil: until }).where(eq(adminSessions.id, sessionId));
}

/** Whether the session gave its password and a code again recently enough, at `now`. */
export async function isSteppedUp(db: Db, sessionId: number, now: Date) {
  const [row] = await db
    .select({ until: adminSessions.stepUpUntil })
    .from(adminSessions)
    .where(eq(adminSessions.id, sessionId));
  return row?.until != null && row.until > now;
}

/** Turns two-factor sign-in off: secret, pending set-up and recovery codes go. In the caller's transaction. */
export async function resetTwoFactor(tx: Tx, adminId: number) {
  await tx
    .update(admins)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      updatedAt: sql`now()`,
    })
    .where(eq(admins.id, adminId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
}

/**
 * Accepts a TOTP code once: moves the administrator's last step to `step`
 * unless a code of that step or a later one was accepted meanwhile.
 */
export async function useTotpStep(tx: Tx, adminId: number, step: number) {
  const rows = await tx
    .update(admins)
    .set({ totpLastStep: step })
    .where(
      and(eq(admins.id, adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))),
    )
    .returning({ id: admins.id });
  return rows.length === 1;
}

/** Uses up a recovery code of the administrator; false when it is none of theirs or was used. */
export async function useRecoveryCode(tx: Tx, adminId: number, code: string) {
  const rows = await tx
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, adminId),
        eq(adminRecoveryCodes.codeHash, hashToken(normalRecoveryCode(code))),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length === 1;
}

/** A challenge for the second step of a sign-in; answers its token (only the hash is kept). */
export async function createChallenge(
  db: Db,
  values: { adminId: number; deviceToken: string | null; deviceType: string },
  now: Date,
) {
  const token = newToken();
  await db.insert(loginChallenges).values({
    ...values,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * Counts one try on the live challenge of a token (unused, unexpired, with
 * tries left) and answers it; null when there is none. The try is counted
 * before the code is checked, in one statement: parallel codes queue on the
 * row, so no more than CHALLENGE_MAX_ATTEMPTS are ever checked.
 */
export async function takeChallengeTry(db: Db, token: string, now: Date) {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(token)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, at(now)),
        lt(loginChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .returning();
  return row ?? null;
}

/** Uses a challenge up; false when a parallel request used it first. */
export async function useChallenge(tx: Tx, tokenHash: string) {
  const rows = await tx
    .update(loginChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginChallenges.tokenHash, tokenHash), isNull(loginChallenges.usedAt)))
    .returning({ adminId: loginChallenges.adminId });
  return rows.length === 1;
}

/** Challenges past their life are worthless: deleted with the other spent limits. */
export async function pruneChallenges(db: Db, now: Date) {
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, at(now)));
}
