import type { Lookups } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonOf, rowsOf } from '../../lib/sql';

/**
 * What the list filters offer, in one statement: the catalogue's service and
 * vehicle types by title, and the payment methods the sales hold (from
 * transaction_daily: a few rows a day, not every payment).
 */
export async function findLookups(db: Db): Promise<Lookups> {
  const [row] = await rowsOf<{ lookups: Lookups | string }>(
    db,
    sql`select json_build_object(
      'service_types', (select coalesce(json_agg(json_build_object('id', id, 'title', title)
                                                 order by lower(title), id), '[]')
                        from service_types),
      'vehicle_types', (select coalesce(json_agg(json_build_object('id', id, 'title', title,
                                                                   'seats', seats)
                                                 order by lower(title), id), '[]')
                        from vehicle_types),
      'payment_methods', (select coalesce(json_agg(payment_method order by lower(payment_method),
                                                   payment_method), '[]')
                          from (select payment_method from transaction_daily
                                group by payment_method having sum(n) > 0) m)
    ) as lookups`,
  );
  return jsonOf(row?.lookups ?? '{}');
}
