import { EVENTS_LIMIT_DEFAULT } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoText, jsonOf, rowsOf } from '../../lib/sql';

type FeedRow = { id: number | string; type: string; timestamp: string; data: unknown };

/**
 * One page of the webhooks' events as a feed (`GET events?after=`), without
 * test events. An event's id is taken when its transaction writes it, not
 * when it commits, so a page by id alone could pass over an event whose
 * slower transaction commits later with a lower id. The feed therefore
 * holds only events whose transaction ended before every transaction still
 * running began (`txid < pg_snapshot_xmin(pg_current_snapshot())`: no event
 * can appear below that line any more), walked in the order (txid, id); the
 * cursor `after` is the last event read, and the page goes on from its
 * place in that order. An `after` that is no event goes on from the ids
 * above it.
 */
export async function eventFeed(db: Db, after: number, limit = EVENTS_LIMIT_DEFAULT) {
  const rows = await rowsOf<FeedRow>(
    db,
    sql`with horizon as (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin),
        cursor as (select txid, id from webhook_events where id = ${after})
        select e.id, e.type, ${isoText(sql`e.created_at`)} as timestamp, e.data
        from webhook_events e, horizon
        where e.webhook_id is null and e.txid < horizon.xmin
          and (case when exists (select 1 from cursor)
                 then (e.txid, e.id) > (select txid, id from cursor)
                 else e.id > ${after} end)
        order by e.txid, e.id
        limit ${limit}`,
  );
  const events = rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    timestamp: row.timestamp,
    data: jsonOf<Record<string, unknown>>(row.data as Record<string, unknown>),
  }));
  return { events, next_after: events.at(-1)?.id ?? after };
}
