import { OTP_LENGTH } from '@cabdesk/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db, Tx } from '../../db/client';
import { otpCodes, passwordResetTokens } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

/** A code dies after this many tries, right or wrong. */
export const OTP_MAX_ATTEMPTS = 5;
/** At most this many codes per address in any hour. */
export const OTP_MAX_PER_HOUR = 5;

const sameEmail = (email: string) => sql`lower(${otpCodes.email}) = lower(${email})`;

/** A 5-digit code from the CSPRNG, leading zeros kept. */
export const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** `salt$sha256(salt:code)`: the code itself is never stored. */
const hashCode = (code: string, salt = randomBytes(16).toString('hex')) =>
  `${salt}$${hashToken(`${salt}:${code}`)}`;

function codeMatches(code: string, stored: string) {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const actual = hashCode(code, salt).split('$')[1]!;
  return (
    actual.length === expected.length && timingSafeEqual(Buffer.from(actual), Buffer.from(expected))
  );
}

export type IssueResult =
  | { kind: 'issued'; code: string }
  | { kind: 'too-many' }
  | { kind: 'too-soon'; secondsLeft: number };

/**
 * Issues a new code for an address (any address: whether it is an admin's is
 * never told). Under a per-address lock: at most OTP_MAX_PER_HOUR codes an
 * hour, optionally none within `minGapSeconds` of the last, and the new code
 * kills every older one.
 */
export async function issueCode(
  db: Db,
  email: string,
  options: { ttlSeconds: number; minGapSeconds?: number },
): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${email.toLowerCase()}`}))`);
    const [recent] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        lastAgo: sql<number | null>`extract(epoch from now() - max(${otpCodes.createdAt}))::float8`,
      })
      .from(otpCodes)
      .where(and(sameEmail(email), sql`${otpCodes.createdAt} > now() - interval '1 hour'`));
    const count = Number(recent?.count ?? 0);
    const lastAgo = recent?.lastAgo == null ? null : Number(recent.lastAgo);
    if (options.minGapSeconds && lastAgo !== null && lastAgo < options.minGapSeconds) {
      return {
        kind: 'too-soon',
        secondsLeft: Math.max(1, Math.ceil(options.minGapSeconds - lastAgo)),
      };
    }
    if (count >= OTP_MAX_PER_HOUR) return { kind: 'too-many' };

    // Old rows of this address are worthless after a day.
    await tx
      .delete(otpCodes)
      .where(and(sameEmail(email), sql`${otpCodes.createdAt} < now() - interval '1 day'`));
    await tx
      .update(otpCodes)
      .set({ usedAt: sql`now()` })
      .where(and(sameEmail(email), isNull(otpCodes.usedAt)));
    const code = newCode();
    await tx.insert(otpCodes).values({
      email: email.toLowerCase(),
      codeHash: hashCode(code),
      expiresAt: sql`now() + make_interval(secs => ${options.ttlSeconds})`,
    });
    return { kind: 'issued', code };
  });
}

export type CheckResult = 'ok' | 'wrong' | 'dead';

/**
 * Spends one try of the address's live code. `dead` when there is none: never
 * sent, expired, used, replaced, or out of tries.
 */
export async function checkCode(db: Db, email: string, code: string): Promise<CheckResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: otpCodes.id,
        codeHash: otpCodes.codeHash,
        attempts: otpCodes.attempts,
        live: sql<boolean>`${otpCodes.expiresAt} > now()`,
      })
      .from(otpCodes)
      .where(and(sameEmail(email), isNull(otpCodes.usedAt)))
      .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
      .limit(1)
      .for('update');
    if (!row || !row.live || row.attempts >= OTP_MAX_ATTEMPTS) return 'dead';
    const matches = codeMatches(code, row.codeHash);
    await tx
      .update(otpCodes)
      .set({
        attempts: sql`${otpCodes.attempts} + 1`,
        ...(matches ? { usedAt: sql`now()` } : {}),
      })
      .where(eq(otpCodes.id, row.id));
    if (matches) return 'ok';
    return row.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'dead' : 'wrong';
  });
}

/** Kills every unused code of an address (after a password reset). */
export async function killCodes(db: Db | Tx, email: string) {
  await db
    .update(otpCodes)
    .set({ usedAt: sql`now()` })
    .where(and(sameEmail(email), isNull(otpCodes.usedAt)));
}

/** A single-use reset token for an admin; any older unused one dies. */
export async function createResetToken(db: Db, adminId: number, ttlSeconds: number) {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.adminId, adminId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      adminId,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    });
  });
  return token;
}

/** The live reset token's row, or null: unknown, expired or already used. */
export async function findResetToken(db: Db, token: string) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, adminId: passwordResetTokens.adminId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > now()`,
      ),
    );
  return row ?? null;
}

/** Spends a reset token; false when another request spent it first. */
export async function useResetToken(tx: Tx, id: number) {
  const rows = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > now()`,
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}
