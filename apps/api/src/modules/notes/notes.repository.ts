import type { AnnotatedTable, Note, Paged } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import { isPastEnd, offsetOf, pageOf, type PageRequest } from '../../lib/paging';
import { countOf, isoText, rowsOf } from '../../lib/sql';

/**
 * Whether the record exists: `live` asks for one not deleted (what can be
 * annotated); otherwise a deleted user or vehicle still has its notes and
 * history. `table` comes from the contract's allow-list.
 */
export async function recordExists(
  db: Db | Tx,
  table: AnnotatedTable,
  id: number,
  live: boolean,
): Promise<boolean> {
  const alive = live && table !== 'rides' ? sql`and deleted_at is null` : sql``;
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from ${sql.identifier(table)} where id = ${id} ${alive}) as found`,
  );
  return row?.found ?? false;
}

type NoteRow = {
  id: number;
  text: string;
  created_at: string;
  admin_id: number | null;
  admin_name: string | null;
};

const noteColumns = sql`n.id, n.text, ${isoText(sql`n.created_at`)} as created_at,
  n.admin_id, (select a.name from admins a where a.id = n.admin_id) as admin_name`;

const toNote = (r: NoteRow): Note => ({
  id: r.id,
  text: r.text,
  created_at: r.created_at,
  admin: r.admin_id === null ? null : { id: r.admin_id, name: r.admin_name ?? '' },
});

/** Adds an administrator's note to a live record (audited); null when there is none. */
export async function addNote(
  db: Db,
  actor: Actor,
  table: AnnotatedTable,
  id: number,
  text: string,
): Promise<Note | null> {
  return db.transaction(async (tx) => {
    if (!(await recordExists(tx, table, id, true))) return null;
    const [row] = await rowsOf<NoteRow>(
      tx,
      sql`with n as (
            insert into notes (table_name, record_id, admin_id, text)
            values (${table}, ${id}, ${actor.session?.adminId ?? null}, ${text})
            returning *)
          select ${noteColumns} from n`,
    );
    if (!row) throw new Error('addNote: the note was not stored');
    await audit(tx, actor, {
      action: 'note-add',
      tableName: table,
      recordId: id,
      after: { note_id: row.id, text },
    });
    return toNote(row);
  });
}

/** A record's notes, newest first. */
export async function listNotes(
  db: Db,
  table: AnnotatedTable,
  id: number,
  request: PageRequest,
): Promise<Paged<Note>> {
  const where = sql`n.table_name = ${table} and n.record_id = ${id}`;
  const total = await countOf(db, sql`select count(*)::int as n from notes n where ${where}`);
  if (isPastEnd(request, total)) return pageOf([], total, request);
  const rows = await rowsOf<NoteRow>(
    db,
    sql`select ${noteColumns} from notes n where ${where}
        order by n.created_at desc, n.id desc
        limit ${request.per_page} offset ${offsetOf(request)}`,
  );
  return pageOf(rows.map(toNote), total, request);
}
