import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, INTEGRATION_MESSAGES, type AnyEndpoint } from '@cabdesk/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db, Tx } from '../../db/client';
import { integrationRequests } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { integrationKeyOf } from './request-key';

/** The header that tells a client it got the stored answer of an earlier request. */
const REPLAYED_HEADER = 'idempotent-replayed';

/** What a write of the integration API answers on success. */
type Answer = { status: true; message: string; data: unknown };

/**
 * Runs a write of the integration API in one transaction, all or nothing.
 * With an Idempotency-Key, the key and the answer are stored in that same
 * transaction: the same key and request again answer the stored answer and
 * write nothing; the same key with another request is refused (422). Two
 * requests with one key at once: the second's insert of the key waits for
 * the first's transaction (a unique index), then finds its answer, so the
 * change is written once. A refused request (4xx) stores nothing, so it may
 * be sent again once corrected.
 */
export async function idempotent<A extends Answer>(
  database: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: AnyEndpoint,
  work: (tx: Tx) => Promise<A>,
): Promise<A> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const idempotencyKey = typeof header === 'string' ? header : undefined;
  if (idempotencyKey === undefined) return database.db.transaction(work);

  const keyId = integrationKeyOf(request).id;
  // The validated input, in the schema's order of fields: the same request however it was written.
  const requestHash = createHash('sha256')
    .update(`${endpoint.method} ${endpoint.path}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  const stored = await database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(integrationRequests)
      .values({ keyId, idempotencyKey, requestHash, statusCode: 0, response: {} })
      .onConflictDoNothing()
      .returning({ keyId: integrationRequests.keyId });
    if (!claimed) {
      const [earlier] = await tx
        .select()
        .from(integrationRequests)
        .where(
          and(
            eq(integrationRequests.keyId, keyId),
            eq(integrationRequests.idempotencyKey, idempotencyKey),
          ),
        );
      if (!earlier || earlier.requestHash !== requestHash) {
        throw new HttpError(422, INTEGRATION_MESSAGES.idempotencyReused);
      }
      return { replayed: true, answer: earlier.response as A };
    }
    const answer = await work(tx);
    await tx
      .update(integrationRequests)
      .set({ statusCode: 200, response: answer })
      .where(
        and(
          eq(integrationRequests.keyId, keyId),
          eq(integrationRequests.idempotencyKey, idempotencyKey),
        ),
      );
    return { replayed: false, answer };
  });
  if (stored.replayed) reply.header(REPLAYED_HEADER, 'true');
  return stored.answer;
}

/** How long an Idempotency-Key answers its stored answer: a day, as Stripe keeps them. */
const IDEMPOTENCY_KEPT_MS = 24 * 3_600_000;

/** Forgets the answers of Idempotency-Keys older than a day (prune.ts, every 10 minutes). */
export async function pruneIdempotencyKeys(db: Db, now: Date) {
  await db
    .delete(integrationRequests)
    .where(lt(integrationRequests.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEPT_MS)));
}
