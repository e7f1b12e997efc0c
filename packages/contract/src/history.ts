import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { pagedSchema, pageQuerySchema } from './envelope';
import { recordRefSchema } from './notes';
import { adminRefSchema, int } from './vocabulary';

/**
 * One administrator action on a record, from the audit log: who (null for
 * the server's own work, such as the daily document check, or an
 * administrator since removed), what (the action: `approval-user`,
 * `status-update`, `document-update`, `document-expired`, `note-add`, ...),
 * the fields before and after, the reason when one was given, and when.
 */
const historyEntrySchema = z.object({
  id: int(),
  action: z.string(),
  admin: adminRefSchema.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const HISTORY_MESSAGES = {
  historyFetched: 'History fetched successfully.',
} as const;

const historyCalls = area('Review desk', EVERY_ROLE);

export const recordHistory = historyCalls.get('record-history', {
  summary: 'What administrators did to a record, newest first, from the audit log; paged.',
  input: recordRefSchema.extend(pageQuerySchema.pick({ page: true, per_page: true }).shape),
  data: pagedSchema(historyEntrySchema),
});
