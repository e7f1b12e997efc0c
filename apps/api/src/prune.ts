import type { Db } from './db/client';
import { pruneRateLimits } from './lib/rate-limit';
import { pruneChallenges, pruneCodes, pruneLoginThrottles } from './modules/auth';
import { pruneIdempotencyKeys } from './modules/integration';

/**
 * Deletes every limit that no longer limits anything, and the integration
 * API's answers past their day (server.ts runs it every 10 minutes).
 */
export async function pruneSpentLimits(db: Db, now: Date) {
  await pruneRateLimits(db, now);
  await pruneLoginThrottles(db, now);
  await pruneCodes(db, now);
  await pruneChallenges(db, now);
  await pruneIdempotencyKeys(db, now);
}
