import type { Db } from './db/client';
import { pruneRateLimits } from './lib/rate-limit';
import { pruneChallenges, pruneCodes, pruneLoginThrottles } from './modules/auth';

/** Deletes every limit that no longer limits anything (server.ts runs it every 10 minutes). */
export async function pruneSpentLimits(db: Db, now: Date) {
  await pruneRateLimits(db, now);
  await pruneLoginThrottles(db, now);
  await pruneCodes(db, now);
  await pruneChallenges(db, now);
}
