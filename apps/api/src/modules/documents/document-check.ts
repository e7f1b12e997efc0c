import { DOCUMENT_EXPIRED_REASON, type UserType } from '@cabdesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { notificationFor, notify } from '../../lib/notify';
import { writeEvent, type EventRecord } from '../../lib/outbox';
import { at } from '../../lib/rate-limit';
import { rowsOf } from '../../lib/sql';
import { kindOfRole } from './documents';
import { dayOf, describeDocuments, ownerIsApproved, type OwnerTable } from './documents.repository';

/**
 * The daily document check. Every API instance tries it every few minutes
 * (server.ts); a PostgreSQL advisory lock lets one in at a time and a flag
 * holding the last day checked makes the others find the day done, so it
 * runs once a day across all instances, as one transaction: a crash leaves
 * the day to the next try.
 */
const CHECK_LOCK = 0x0cabd0c5;
const LAST_DAY_FLAG = 'document-check-day';

/** Reminders go out this many days before a document stops being valid, each once. */
const REMINDER_DAYS = [30, 7, 1] as const;

/** The reminder due `daysLeft` days before expiry: the nearest of REMINDER_DAYS at or above it. */
const dueReminder = (daysLeft: SQL) =>
  sql`(case when ${daysLeft} <= 1 then 1 when ${daysLeft} <= 7 then 7 else 30 end)`;

type Touched = {
  table_name: OwnerTable;
  record_id: number;
  document: string;
  days: number;
  expires_on: string;
  /** The account's role; null for a vehicle. */
  role: UserType | null;
};

/** A touched document's owner, as an event names it. */
const ownerOf = (row: Touched): EventRecord => ({
  table: row.table_name,
  id: row.record_id,
  kind: row.role === null ? 'vehicle' : (kindOfRole(row.role) ?? 'user'),
});

/** The owner's role, read beside a `document_expiries` row `d` that an update returns. */
const roleOfOwner = sql`case when d.table_name = 'users'
  then (select u.role::text from users u where u.id = d.record_id) end as role`;

export type DocumentCheck = {
  day: string;
  /** Reminders sent, by days before expiry. */
  reminded: Record<(typeof REMINDER_DAYS)[number], number>;
  /** Documents found expired today. */
  expired: number;
  /** Drivers and vehicles made Inactive. */
  suspended: number;
};

/**
 * Checks the documents of every live, Approved company, driver and vehicle
 * on the UTC day of `now`: a reminder to the administrators 30, 7 and 1 days
 * before a document stops being valid (each once; after a gap only the
 * nearest), and on that day the driver or vehicle becomes Inactive with the
 * reason "Document expired" (audited; a company is only reported). Answers
 * what it did, or null when the day was already checked or another instance
 * is checking it.
 */
export async function runDocumentCheck(db: Db, now: Date): Promise<DocumentCheck | null> {
  const day = dayOf(now);
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${CHECK_LOCK}) as locked`,
    );
    if (!lock?.locked) return null;
    const [last] = await rowsOf<{ value: string }>(
      tx,
      sql`select value from app_flags where key = ${LAST_DAY_FLAG}`,
    );
    if (last && last.value >= day) return null;

    const reminded = await remind(tx, day);
    const { expired, suspended } = await expire(tx, day, now);
    await tx.execute(sql`
      insert into app_flags (key, value) values (${LAST_DAY_FLAG}, ${day})
      on conflict (key) do update set value = excluded.value, updated_at = now()`);
    return { day, reminded, expired, suspended };
  });
}

/** Marks and announces the reminders due today, one notification per reminder day. */
async function remind(tx: Tx, day: string): Promise<DocumentCheck['reminded']> {
  const daysLeft = sql`(d.expires_on - ${day}::date)`;
  const due = await rowsOf<Touched>(
    tx,
    sql`update document_expiries d set reminded_days = ${dueReminder(daysLeft)}, updated_at = now()
        where d.expires_on > ${day}::date and d.expires_on <= ${day}::date + 30
          and (d.reminded_days is null or d.reminded_days > ${dueReminder(daysLeft)})
          and ${ownerIsApproved}
        returning d.table_name, d.record_id, d.document, d.reminded_days as days,
                  d.expires_on::text as expires_on, ${roleOfOwner}`,
  );
  for (const row of due) {
    await writeEvent(tx, 'document.expiring', ownerOf(row), {
      document: row.document,
      expires_on: row.expires_on,
      days: row.days,
    });
  }
  const counts = { 30: 0, 7: 0, 1: 0 };
  for (const days of REMINDER_DAYS) {
    const group = due.filter((row) => row.days === days);
    counts[days] = group.length;
    if (group.length > 0) await announce(tx, group, days);
  }
  return counts;
}

/**
 * Marks the documents that stop being valid today (or did while nobody
 * checked), makes their drivers and vehicles Inactive, audits each, and
 * announces them in one notification.
 */
async function expire(tx: Tx, day: string, now: Date) {
  const expired = await rowsOf<Touched>(
    tx,
    sql`update document_expiries d set expired_at = ${at(now)}, updated_at = now()
        where d.expires_on <= ${day}::date and d.expired_at is null and ${ownerIsApproved}
        returning d.table_name, d.record_id, d.document, d.expires_on::text as expires_on,
                  0 as days, ${roleOfOwner}`,
  );
  let suspended = 0;
  for (const row of expired) {
    const [before] = await rowsOf<{
      role: string | null;
      status: string;
      status_reason: string | null;
    }>(
      tx,
      row.table_name === 'users'
        ? sql`select role, status, status_reason from users where id = ${row.record_id} for update`
        : sql`select null as role, status, status_reason from vehicles where id = ${row.record_id} for update`,
    );
    // A company's expired papers are reported; an Inactive record stays as it is.
    const suspend = before?.status === 'Active' && before.role !== 'Company';
    if (suspend) {
      await tx.execute(
        sql`update ${sql.identifier(row.table_name)} set status = 'Inactive',
              status_reason = ${DOCUMENT_EXPIRED_REASON}, updated_at = now()
            where id = ${row.record_id}`,
      );
      suspended += 1;
    }
    await writeEvent(tx, 'document.expired', ownerOf(row), {
      document: row.document,
      expires_on: row.expires_on,
    });
    if (suspend) {
      await writeEvent(tx, 'status.changed', ownerOf(row), {
        status: 'Inactive',
        reason: DOCUMENT_EXPIRED_REASON,
      });
    }
    await audit(
      tx,
      { ip: null },
      {
        action: 'document-expired',
        tableName: row.table_name,
        recordId: row.record_id,
        before: before ? { status: before.status, status_reason: before.status_reason } : null,
        after: {
          ...(suspend ? { status: 'Inactive', status_reason: DOCUMENT_EXPIRED_REASON } : {}),
          document: row.document,
          expires_on: row.expires_on,
          reason: DOCUMENT_EXPIRED_REASON,
        },
      },
    );
  }
  if (expired.length > 0) await announce(tx, expired, 0);
  return { expired: expired.length, suspended };
}

/** How many documents a notification names before it says "and N more". */
const NAMED = 3;

/** One notification for the documents `days` before expiry (0: expired today). */
async function announce(tx: Tx, rows: Touched[], days: number) {
  const named = await describeDocuments(tx, rows.slice(0, NAMED));
  await notify(
    tx,
    notificationFor.documentsDue({
      days,
      total: rows.length,
      named: named.map((row) => ({
        kind: row.kind,
        id: row.record_id,
        name: row.name,
        document: row.document,
        // The check touches dated documents only.
        expiresOn: row.expires_on ?? '',
      })),
    }),
  );
}
