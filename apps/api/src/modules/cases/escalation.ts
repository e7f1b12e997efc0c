import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationFor, notify } from '../../lib/notify';
import { rowsOf } from '../../lib/sql';

/**
 * Escalates every SOS still New past its deadline to acknowledge: once,
 * whatever the number of instances checking, because the conditional update
 * that sets `escalated_at` claims each case for exactly one of them (a second
 * update of the same row waits for the first and then finds it set). Every
 * Active Owner is told, in the escalation's transaction, and the case's log
 * says so. Answers how many were escalated.
 */
export async function runCaseCheck(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const escalated = await rowsOf<{ id: number; ride_id: number | null; minutes: number }>(
      tx,
      sql`update cases set escalated_at = ${at}
          where kind = 'sos' and status = 'New' and escalated_at is null
            and acknowledge_due_at <= ${at}::timestamptz
          returning id, ride_id,
            greatest(1, round(extract(epoch from (${at}::timestamptz - created_at)) / 60))::int
              as minutes`,
    );
    if (escalated.length === 0) return 0;
    const owners = await rowsOf<{ id: number }>(
      tx,
      sql`select id from admins where role = 'Owner' and status = 'Active' order by id`,
    );
    for (const sos of escalated) {
      await tx.execute(
        sql`insert into case_activities (case_id, kind, text, created_at)
            values (${sos.id}, 'escalated', null, ${at})`,
      );
      for (const owner of owners) {
        await notify(tx, {
          ...notificationFor.sosNotAcknowledged({
            caseId: sos.id,
            rideId: sos.ride_id,
            minutes: sos.minutes,
          }),
          adminId: owner.id,
        });
      }
    }
    return escalated.length;
  });
}
