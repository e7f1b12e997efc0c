import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notificationFor, notify } from '../../lib/notify';
import { rowsOf } from '../../lib/sql';

/** What a batch of an import registered (records new to Cabdesk) and rejected. */
export type ImportTally = {
  companies: number;
  drivers: number;
  passengers: number;
  vehicles: number;
  rejected: number;
};

export const noTally = (): ImportTally => ({
  companies: 0,
  drivers: 0,
  passengers: 0,
  vehicles: 0,
  rejected: 0,
});

/** Which import: who sends it (`key:<id>`, `admin:<id>`) and its id. */
export type ImportName = { source: string; importId: string; authorId: number | null };

/**
 * Adds a batch's tally to its import's summary, in the batch's transaction,
 * and keeps the import's one notification ("1,204 drivers imported, 3 rows
 * rejected") to what the summary says: made (and announced) with the first
 * record the import registers, its text brought up to date by each later
 * batch without announcing it again. An import that registers nothing (a
 * file of trips, a file imported again) has no notification.
 */
export async function addToSummary(tx: Tx, name: ImportName, tally: ImportTally) {
  const made = tally.companies + tally.drivers + tally.passengers + tally.vehicles;
  if (made === 0 && tally.rejected === 0) return;
  const [summary] = await rowsOf<ImportTally & { notification_id: number | null }>(
    tx,
    sql`insert into import_summaries as s (source, import_id, companies, drivers, passengers,
          vehicles, rejected)
        values (${name.source}, ${name.importId}, ${tally.companies}, ${tally.drivers},
          ${tally.passengers}, ${tally.vehicles}, ${tally.rejected})
        on conflict (source, import_id) do update set
          companies = s.companies + excluded.companies, drivers = s.drivers + excluded.drivers,
          passengers = s.passengers + excluded.passengers,
          vehicles = s.vehicles + excluded.vehicles, rejected = s.rejected + excluded.rejected,
          updated_at = now()
        returning companies, drivers, passengers, vehicles, rejected, notification_id`,
  );
  const total = summary!;
  if (total.companies + total.drivers + total.passengers + total.vehicles === 0) return;
  const text = notificationFor.recordsImported(total);
  if (total.notification_id !== null) {
    await tx.execute(
      sql`update notifications set title = ${text.title}, message = ${text.message},
            text = ${JSON.stringify(text.text)}::jsonb, link = ${text.link}
          where id = ${total.notification_id}`,
    );
    return;
  }
  const announced = await notify(tx, { ...text, authorId: name.authorId });
  await tx.execute(
    sql`update import_summaries set notification_id = ${announced.id}
        where source = ${name.source} and import_id = ${name.importId}`,
  );
}
