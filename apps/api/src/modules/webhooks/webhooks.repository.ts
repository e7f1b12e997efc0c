import { randomBytes } from 'node:crypto';
import type {
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
} from '@cabdesk/contract';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { webhooks } from '../../db/schema';
import { wakeDeliverers } from '../../lib/outbox';
import { offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { at } from '../../lib/rate-limit';
import { allOf, arrayLiteral, countOf, isoText, rowsOf } from '../../lib/sql';

type WebhookRow = typeof webhooks.$inferSelect;

/** A new endpoint secret: 32 random bytes, base64, prefixed as Standard Webhooks says. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** An endpoint as the admin API shows it: never its secrets. */
export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  previous_secret_until: row.previousSecretUntil?.toISOString() ?? null,
  failing_since: row.failingSince?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export const listWebhooks = (db: Db) => db.select().from(webhooks).orderBy(asc(webhooks.id));

export async function lockWebhook(tx: Tx, id: number) {
  const [row] = await tx.select().from(webhooks).where(eq(webhooks.id, id)).for('update');
  return row ?? null;
}

export async function insertWebhook(tx: Tx, values: { url: string; events: string[] }) {
  const [row] = await tx
    .insert(webhooks)
    .values({ ...values, secret: newSecret() })
    .returning();
  return row!;
}

export async function updateWebhook(
  tx: Tx,
  id: number,
  change: { url?: string; events?: string[]; enabled?: boolean },
) {
  const [row] = await tx
    .update(webhooks)
    .set({
      ...change,
      // Enabled again by an Owner: its failures start over.
      ...(change.enabled === true ? { failingSince: null, disabledReason: null } : {}),
      ...(change.enabled === false ? { disabledReason: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(webhooks.id, id))
    .returning();
  return row!;
}

export async function deleteWebhook(tx: Tx, id: number) {
  await tx.delete(webhooks).where(eq(webhooks.id, id));
}

/** A new secret; the one it replaces signs too until `until`. */
export async function rotateSecret(tx: Tx, id: number, until: Date) {
  const [row] = await tx
    .update(webhooks)
    .set({
      previousSecret: sql`${webhooks.secret}`,
      previousSecretUntil: until,
      secret: newSecret(),
      updatedAt: sql`now()`,
    })
    .where(eq(webhooks.id, id))
    .returning();
  return row!;
}

export type DeliveryFilter = { webhookId?: number; status?: WebhookDeliveryStatus };

const filterOf = (filter: DeliveryFilter): SQL =>
  allOf([
    ...(filter.webhookId === undefined ? [] : [sql`d.webhook_id = ${filter.webhookId}`]),
    ...(filter.status === undefined ? [] : [sql`d.status = ${filter.status}`]),
  ]);

/** A delivery as the log shows it, from `d` (deliveries) joined to its endpoint and event. */
const DELIVERY_COLUMNS = sql`d.id, d.webhook_id, w.url, d.event_id, e.type as event_type, d.status,
  d.attempts, d.response_code, d.duration_ms, d.last_error,
  ${isoText(sql`d.last_attempt_at`)} as last_attempt_at,
  case when d.status = 'pending' then ${isoText(sql`d.next_attempt_at`)} end as next_attempt_at,
  ${isoText(sql`d.created_at`)} as created_at`;

/** The delivery log, newest first (an index serves each filter). */
export async function listDeliveries(db: Db, filter: DeliveryFilter, page: PageRequest) {
  const where = filterOf(filter);
  const rows = await rowsOf<WebhookDelivery>(
    db,
    sql`select ${DELIVERY_COLUMNS}
        from (select * from webhook_deliveries d where ${where}
              order by d.id desc limit ${page.per_page} offset ${offsetOf(page)}) d
        join webhooks w on w.id = d.webhook_id
        join webhook_events e on e.id = d.event_id
        order by d.id desc`,
  );
  const total = await countOf(
    db,
    sql`select count(*)::int as n from webhook_deliveries d where ${where}`,
  );
  return pageOf(rows, total, page);
}

/** One delivery and its attempts, oldest first; null when there is no such delivery. */
export async function deliveryAttempts(db: Db, id: number) {
  const [delivery] = await rowsOf<WebhookDelivery>(
    db,
    sql`select ${DELIVERY_COLUMNS}
        from webhook_deliveries d
        join webhooks w on w.id = d.webhook_id
        join webhook_events e on e.id = d.event_id
        where d.id = ${id}`,
  );
  if (!delivery) return null;
  const attempts = await rowsOf<WebhookAttempt>(
    db,
    sql`select id, ${isoText(sql`attempted_at`)} as attempted_at, response_code, duration_ms,
               error, response_excerpt
        from webhook_attempts where delivery_id = ${id} order by id`,
  );
  return { delivery, attempts };
}

/**
 * Makes deliveries due again at `now` (a pending one is only brought
 * forward). Answers how many exist.
 */
export async function requeueDeliveries(tx: Tx, ids: number[], now: Date) {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`update webhook_deliveries set status = 'pending', next_attempt_at = ${at(now)}
        where id = any(${arrayLiteral(ids)}::bigint[])
        returning id`,
  );
  if (rows.length > 0) await wakeDeliverers(tx);
  return rows.length;
}
