import {
  CASE_DEADLINE_DEFAULTS,
  CASE_DEADLINE_TYPES,
  deadlineUnitOf,
  type CaseDeadline,
  type CaseDeadlineType,
  type CaseKind,
  type ComplaintType,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql';

/** Minutes in one of a type's units. */
const minutesPer = (type: CaseDeadlineType) => (deadlineUnitOf(type) === 'minutes' ? 1 : 60);

/** The deadline type of a case: an SOS, a complaint's type (none: other), or a rating. */
export const deadlineTypeOf = (
  kind: CaseKind,
  complaintType: ComplaintType | null,
): CaseDeadlineType => (kind === 'complaint' ? (complaintType ?? 'other') : kind);

/** Every type's deadlines, in its unit: what an Owner set, else the documented default. */
export async function listDeadlines(db: Db | Tx): Promise<CaseDeadline[]> {
  const set = await rowsOf<{ type: string; acknowledge: number; resolve: number }>(
    db,
    sql`select type, acknowledge_minutes as acknowledge, resolve_minutes as resolve
        from case_deadlines`,
  );
  return CASE_DEADLINE_TYPES.map((type) => {
    const row = set.find((r) => r.type === type);
    const per = minutesPer(type);
    return {
      type,
      unit: deadlineUnitOf(type),
      acknowledge: row ? row.acknowledge / per : CASE_DEADLINE_DEFAULTS[type].acknowledge,
      resolve: row ? row.resolve / per : CASE_DEADLINE_DEFAULTS[type].resolve,
      customised: row !== undefined,
    };
  });
}

/** One type's deadlines in minutes, to stamp on a case opened now. */
export async function deadlineMinutes(tx: Tx, type: CaseDeadlineType) {
  const [row] = await rowsOf<{ acknowledge: number; resolve: number }>(
    tx,
    sql`select acknowledge_minutes as acknowledge, resolve_minutes as resolve
        from case_deadlines where type = ${type}`,
  );
  if (row) return row;
  const per = minutesPer(type);
  const fallback = CASE_DEADLINE_DEFAULTS[type];
  return { acknowledge: fallback.acknowledge * per, resolve: fallback.resolve * per };
}

/** Sets a type's deadlines (in its unit); answers the type's before and after. */
export async function saveDeadlines(
  tx: Tx,
  input: { type: CaseDeadlineType; acknowledge: number; resolve: number },
  adminId: number | null,
) {
  const before = (await listDeadlines(tx)).find((d) => d.type === input.type)!;
  const per = minutesPer(input.type);
  await tx.execute(
    sql`insert into case_deadlines (type, acknowledge_minutes, resolve_minutes, admin_id, updated_at)
        values (${input.type}, ${input.acknowledge * per}, ${input.resolve * per}, ${adminId}, now())
        on conflict (type) do update set acknowledge_minutes = excluded.acknowledge_minutes,
          resolve_minutes = excluded.resolve_minutes, admin_id = excluded.admin_id,
          updated_at = now()`,
  );
  const after = (await listDeadlines(tx)).find((d) => d.type === input.type)!;
  return { before, after };
}
