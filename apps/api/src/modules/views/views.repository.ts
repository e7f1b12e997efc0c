import { VIEWS_PER_LIST_MAX, type SavedView, type ViewList } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import { isoText, rowsOf } from '../../lib/sql';

const viewColumns = sql`id, list, name, query, ${isoText(sql`created_at`)} as created_at`;

/** An administrator's views of one list, by name (never more than VIEWS_PER_LIST_MAX). */
export function listViews(db: Db, adminId: number, list: ViewList): Promise<SavedView[]> {
  return rowsOf<SavedView>(
    db,
    sql`select ${viewColumns} from saved_views
        where admin_id = ${adminId} and list = ${list} order by lower(name), id
        limit ${VIEWS_PER_LIST_MAX}`,
  );
}

/**
 * Saves a view; the administrator's view of that list with the same name is
 * replaced (its id and creation time stay). Audited. Null, nothing saved, when
 * it would be a new view past VIEWS_PER_LIST_MAX of that list.
 */
export async function saveView(
  db: Db,
  actor: Actor & { session: { adminId: number } },
  view: { list: ViewList; name: string; query: string },
): Promise<SavedView | null> {
  const adminId = actor.session.adminId;
  return db.transaction(async (tx) => {
    // Parallel saves of one administrator's list count one after the other.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`saved_views:${adminId}:${view.list}`}))`,
    );
    const [kept] = await rowsOf<{ n: number; same_name: boolean }>(
      tx,
      sql`select count(*)::int as n, coalesce(bool_or(name = ${view.name}), false) as same_name
          from saved_views where admin_id = ${adminId} and list = ${view.list}`,
    );
    if (kept && !kept.same_name && kept.n >= VIEWS_PER_LIST_MAX) return null;
    const [saved] = await rowsOf<SavedView & { replaced: boolean }>(
      tx,
      sql`insert into saved_views (admin_id, list, name, query)
          values (${actor.session.adminId}, ${view.list}, ${view.name}, ${view.query})
          on conflict (admin_id, list, name) do update set query = excluded.query
          returning ${viewColumns}, (xmax <> 0) as replaced`,
    );
    if (!saved) throw new Error('view-save returned no row');
    const { replaced, ...row } = saved;
    await audit(tx, actor, {
      action: replaced ? 'view_replace' : 'view_save',
      tableName: 'saved_views',
      recordId: row.id,
      after: view,
    });
    return row;
  });
}

/** Deletes one of the administrator's own views; false when they have none with that id. */
export async function deleteView(
  db: Db,
  actor: Actor & { session: { adminId: number } },
  id: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await rowsOf<{ list: string; name: string; query: string }>(
      tx,
      sql`delete from saved_views where id = ${id} and admin_id = ${actor.session.adminId}
          returning list, name, query`,
    );
    if (!gone) return false;
    await audit(tx, actor, {
      action: 'view_delete',
      tableName: 'saved_views',
      recordId: id,
      before: gone,
    });
    return true;
  });
}
