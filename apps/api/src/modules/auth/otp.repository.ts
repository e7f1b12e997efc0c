import { OTP_LENGTH } from '@cabdesk/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db, Tx } from '../../db/client';
import { otpCodes, otpWaits, passwordResetTokens } from '../../db/schema';
import { at, secondsUntil } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';

/** A code dies after this many tries, right or wrong. */
export const OTP_MAX_ATTEMPTS = 5;
/** At most this many codes per address in any hour. */
const OTP_MAX_PER_HOUR = 5;
/** The wait before the next code of an address, after its first code that was guessed at. */
const OTP_FIRST_WAIT_SECONDS = 60;
/**
 * The longest wait; each code guessed at doubles it (1 minute, 2, 4 ... about
 * 23 days, then this). Not 24 hours: at one code a day an attacker would still
 * get 5 x 365 = 1,825 guesses a year. At 30 days a year of non-stop guessing
 * gets 27 codes, 135 guesses: 0.14% odds against a 5-digit code
 * (otp-guessing.test.ts counts them through the API).
 */
const OTP_MAX_WAIT_SECONDS = 30 * 86_400;
/**
 * A wait is forgotten after this long without a wrong code. A shorter memory
 * would let an attacker pause until it is forgotten and climb the doubling
 * again from 1 minute; a year of silence costs more than it gains.
 */
const OTP_WAIT_MEMORY_SECONDS = 365 * 86_400;

const sameEmail = (email: string) => sql`lower(${otpCodes.email}) = lower(${email})`;
const afterSeconds = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

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

/**
 * Whose codes an address asks for: `waitKey` is accountKey() of the address,
 * an administrator's own or a bucket shared by addresses that are no one's.
 */
export type CodeOwner = { email: string; waitKey: string };

export type IssueResult =
  | { kind: 'issued'; code: string }
  | { kind: 'too-many'; secondsLeft: number }
  | { kind: 'too-soon'; secondsLeft: number }
  | { kind: 'guessed-at'; secondsLeft: number };

/**
 * Issues a new code for an address (any address: whether it is an admin's is
 * never told). Under a per-address lock: none while the wait after codes that
 * were guessed at runs, at most OTP_MAX_PER_HOUR codes an hour, optionally none
 * within `minGapSeconds` of the last; the new code kills every older one.
 */
export async function issueCode(
  db: Db,
  owner: CodeOwner,
  options: { ttlSeconds: number; minGapSeconds?: number },
  now: Date,
): Promise<IssueResult> {
  const { email } = owner;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${email.toLowerCase()}`}))`);
    const [wait] = await tx
      .select({ nextCodeAt: otpWaits.nextCodeAt })
      .from(otpWaits)
      .where(eq(otpWaits.key, owner.waitKey));
    if (wait && wait.nextCodeAt > now) {
      return { kind: 'guessed-at', secondsLeft: secondsUntil(wait.nextCodeAt, now) };
    }
    const [recent] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        first: sql<number | null>`extract(epoch from min(${otpCodes.createdAt})) * 1000`,
        last: sql<number | null>`extract(epoch from max(${otpCodes.createdAt})) * 1000`,
      })
      .from(otpCodes)
      .where(and(sameEmail(email), gt(otpCodes.createdAt, afterSeconds(now, -3600))));
    const last = recent?.last == null ? null : new Date(Number(recent.last));
    if (options.minGapSeconds && last && afterSeconds(last, options.minGapSeconds) > now) {
      return {
        kind: 'too-soon',
        secondsLeft: secondsUntil(afterSeconds(last, options.minGapSeconds), now),
      };
    }
    if (Number(recent?.count ?? 0) >= OTP_MAX_PER_HOUR && recent?.first != null) {
      return {
        kind: 'too-many',
        secondsLeft: secondsUntil(afterSeconds(new Date(Number(recent.first)), 3600), now),
      };
    }

    await tx
      .update(otpCodes)
      .set({ usedAt: now })
      .where(and(sameEmail(email), isNull(otpCodes.usedAt)));
    const code = newCode();
    await tx.insert(otpCodes).values({
      email: email.toLowerCase(),
      codeHash: hashCode(code),
      createdAt: now,
      expiresAt: afterSeconds(now, options.ttlSeconds),
    });
    return { kind: 'issued', code };
  });
}

export type CheckResult =
  | { kind: 'ok' }
  | { kind: 'wrong' }
  /** This try was the code's last: `secondsLeft` before the address may ask for another. */
  | { kind: 'died'; secondsLeft: number }
  | { kind: 'dead' };

/**
 * Spends one try of the address's live code, in the caller's transaction.
 * `dead` when there is none: never sent, expired, used, replaced, or out of
 * tries. A right code resets the owner's wait.
 *
 * The first wrong try of a code doubles the owner's wait (resetCodeWait undoes
 * it if that code is then verified). So every code that ends unverified after
 * a wrong try (out of tries, replaced or expired) counts, and an attacker who
 * spends 4 tries and asks for a new code gains nothing; the owner who mistypes
 * once and asks again waits a minute at most.
 */
export async function checkCode(
  tx: Tx,
  owner: CodeOwner,
  code: string,
  now: Date,
): Promise<CheckResult> {
  const [row] = await tx
    .select({
      id: otpCodes.id,
      codeHash: otpCodes.codeHash,
      attempts: otpCodes.attempts,
      expiresAt: otpCodes.expiresAt,
    })
    .from(otpCodes)
    .where(and(sameEmail(owner.email), isNull(otpCodes.usedAt)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1)
    .for('update');
  if (!row || row.expiresAt <= now || row.attempts >= OTP_MAX_ATTEMPTS) return { kind: 'dead' };
  const matches = codeMatches(code, row.codeHash);
  await tx
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1`, ...(matches ? { usedAt: now } : {}) })
    .where(eq(otpCodes.id, row.id));
  if (matches) {
    await tx.delete(otpWaits).where(eq(otpWaits.key, owner.waitKey));
    return { kind: 'ok' };
  }
  const nextCodeAt = row.attempts === 0 ? await lengthenWait(tx, owner.waitKey, now) : null;
  if (row.attempts + 1 < OTP_MAX_ATTEMPTS) return { kind: 'wrong' };
  const [wait] = nextCodeAt
    ? [{ nextCodeAt }]
    : await tx
        .select({ nextCodeAt: otpWaits.nextCodeAt })
        .from(otpWaits)
        .where(eq(otpWaits.key, owner.waitKey));
  return { kind: 'died', secondsLeft: wait ? secondsUntil(wait.nextCodeAt, now) : 0 };
}

/** Doubles the wait of `key` (the first: OTP_FIRST_WAIT_SECONDS) from now; answers its end. */
async function lengthenWait(tx: Tx, key: string, now: Date) {
  const doubled = sql`case
    when ${otpWaits.lastWrongAt} <= ${at(afterSeconds(now, -OTP_WAIT_MEMORY_SECONDS))}
      then ${OTP_FIRST_WAIT_SECONDS}
    else least(${otpWaits.waitSeconds} * 2, ${OTP_MAX_WAIT_SECONDS}) end`;
  const [row] = await tx
    .insert(otpWaits)
    .values({
      key,
      waitSeconds: OTP_FIRST_WAIT_SECONDS,
      nextCodeAt: afterSeconds(now, OTP_FIRST_WAIT_SECONDS),
      lastWrongAt: now,
    })
    .onConflictDoUpdate({
      target: otpWaits.key,
      set: {
        waitSeconds: doubled,
        nextCodeAt: sql`${at(now)} + make_interval(secs => ${doubled})`,
        lastWrongAt: now,
      },
    })
    .returning({ nextCodeAt: otpWaits.nextCodeAt });
  return row!.nextCodeAt;
}

/** The owner proved to be there (a verified code, a sign-in): the next code need not wait. */
export async function resetCodeWait(db: Db | Tx, waitKey: string) {
  await db.delete(otpWaits).where(eq(otpWaits.key, waitKey));
}

/**
 * Spent codes and forgotten waits are worthless: deleted with the other spent
 * limits, so addresses that are no one's leave no rows behind.
 */
export async function pruneCodes(db: Db, now: Date) {
  await db
    .delete(otpCodes)
    .where(and(lt(otpCodes.expiresAt, now), lt(otpCodes.createdAt, afterSeconds(now, -3600))));
  await db
    .delete(otpWaits)
    .where(lt(otpWaits.lastWrongAt, afterSeconds(now, -OTP_WAIT_MEMORY_SECONDS)));
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
