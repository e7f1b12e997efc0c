import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from './sql';

/*
 * The outbox writer (issue 44, ARCHITECTURE "The marketplace around
 * Cabdesk"): every change the marketplace must learn writes its event here,
 * inside the change's own transaction, so the event exists exactly when the
 * change does: a rollback leaves none, a crash after the commit loses none.
 * The deliverer (modules/webhooks/deliverer.ts) sends it later, outside any
 * request's transaction. Like notify.ts it is a leaf: it imports no module.
 */

/** The LISTEN/NOTIFY channel that wakes the deliverers when an event commits. */
export const WEBHOOK_CHANNEL = 'cabdesk_webhooks';

/** Wakes every instance's deliverer once the caller's transaction commits. */
export const wakeDeliverers = (tx: Tx | Db) =>
  tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);

/** The record an event is about: the table it lives in, and its Cabdesk id. */
export type EventRecord = {
  table: 'users' | 'vehicles' | 'rides' | 'coupons' | 'supports' | 'payout_batches' | 'cases';
  id: number;
  /**
   * What the marketplace calls it: driver, company, user (a passenger),
   * vehicle, trip, coupon, faq, payout_batch, case.
   */
  kind:
    'driver' | 'company' | 'user' | 'vehicle' | 'trip' | 'coupon' | 'faq' | 'payout_batch' | 'case';
};

/** The tables whose records may have come in through the integration API (decision 015). */
const WITH_EXTERNAL_ID: ReadonlySet<EventRecord['table']> = new Set([
  'users',
  'vehicles',
  'rides',
  'cases',
]);

/**
 * How an event's `data` names its record beside `{kind, id}` (Cabdesk's id):
 * by the marketplace's `external_id` when the record came in through the
 * integration API (issue 44), read from the record's row in the event's own
 * statement, so every event, webhook and feed alike, names it.
 */
const externalIdOf = (record: EventRecord) =>
  WITH_EXTERNAL_ID.has(record.table)
    ? sql`coalesce((select jsonb_build_object('external_id', r.external_id)
          from ${sql.identifier(record.table)} r
          where r.id = ${record.id} and r.external_id is not null), '{}'::jsonb)`
    : sql`'{}'::jsonb`;

/**
 * Writes an event in the caller's transaction, with one pending delivery for
 * every enabled endpoint that wants its type, and wakes the deliverers when
 * the transaction commits (PostgreSQL and PGlite deliver a NOTIFY only then).
 * `fields` join the record's names in `data`.
 */
export async function writeEvent(
  tx: Tx | Db,
  type: WebhookEventType,
  record: EventRecord,
  fields: Record<string, unknown> = {},
) {
  const data = { kind: record.kind, id: record.id, ...fields };
  const recordKey = `${record.table}:${record.id}`;
  // One round trip: the event, its deliveries to the endpoints that want it, and the wake-up
  // (a bulk decision writes hundreds of these in one transaction).
  await tx.execute(sql`
    with event as (
      insert into webhook_events (type, record_key, data)
      values (${type}, ${recordKey}, ${JSON.stringify(data)}::jsonb || ${externalIdOf(record)})
      returning id
    ), deliveries as (
      insert into webhook_deliveries (webhook_id, event_id, record_key)
      select w.id, event.id, ${recordKey} from webhooks w, event
      where w.enabled and ${type} = any(w.events)
    )
    select pg_notify(${WEBHOOK_CHANNEL}, '') from event`);
}

/**
 * "Send test event": a `webhook.test` event for one endpoint only (whatever
 * it subscribes to, enabled or not), never in the feed. Answers its delivery.
 */
export async function writeTestEvent(tx: Tx | Db, webhookId: number, at: Date) {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`with event as (
          insert into webhook_events (type, record_key, data, webhook_id)
          values (${WEBHOOK_TEST_EVENT}, ${`webhooks:${webhookId}`},
                  ${JSON.stringify({ kind: 'webhook', id: webhookId, message: 'A test event from Cabdesk.' })}::jsonb,
                  ${webhookId})
          returning id
        )
        insert into webhook_deliveries (webhook_id, event_id, record_key, next_attempt_at)
        select ${webhookId}, event.id, ${`webhooks:${webhookId}`}, ${at.toISOString()}::timestamptz
        from event
        returning id`,
  );
  await wakeDeliverers(tx);
  return row!.id;
}
