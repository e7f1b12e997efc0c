import { z } from 'zod';
import { documentSchema, reviewKindSchema, type ReviewKind } from './documents';
import { area, EVERY_ROLE } from './endpoint';
import { optionalQuery, pagedSchema, pageQuerySchema } from './envelope';
import { exportQuery } from './list-query';
import { int } from './vocabulary';

/** How many records one `records` filter names (a bulk selection's page). */
export const REVIEW_RECORDS_MAX = 100;

const RECORD_KEY = '(company|driver|vehicle)-[0-9]{1,9}';
const recordsPattern = new RegExp(`^${RECORD_KEY}(,${RECORD_KEY}){0,${REVIEW_RECORDS_MAX - 1}}$`);

/** A record of the queue by its key, `driver-12` (the kind names the table). */
export type ReviewRecord = { kind: ReviewKind; id: number };

/**
 * GET review-queue: every Pending company, driver and vehicle in one queue,
 * oldest first (the longest waiting is decided first), of one kind when
 * `kind` is given, or only the `records` named (`driver-12,driver-15`: what
 * a list's Approve sends to the desk). Passengers are not reviewed.
 */
const reviewQueueQuerySchema = pageQuerySchema.pick({ page: true, per_page: true }).extend({
  ...exportQuery,
  kind: optionalQuery(reviewKindSchema),
  records: optionalQuery(
    z
      .string()
      .regex(
        recordsPattern,
        `records must be up to ${REVIEW_RECORDS_MAX} keys such as driver-12, separated by commas.`,
      )
      .transform((text) =>
        text.split(',').map((key): ReviewRecord => {
          const [kind, id] = key.split('-') as [ReviewKind, string];
          return { kind, id: Number(id) };
        }),
      ),
  ),
});

/**
 * One record waiting: its kind, table and id (what approval-user takes), a
 * name to show (a company's name, a driver's, a vehicle's plate), its company
 * (a driver's employer, a vehicle's owner, a company itself), when it was
 * submitted, and its documents with signed URLs and expiry dates.
 */
const reviewItemSchema = z.object({
  kind: reviewKindSchema,
  table: z.enum(['users', 'vehicles']),
  id: int(),
  name: z.string(),
  company_name: z.string().nullable(),
  submitted_at: z.string(),
  documents: z.array(documentSchema),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const REVIEW_MESSAGES = {
  queueFetched: 'Review queue fetched successfully.',
} as const;

// ---------------------------------------------------------------- calls

const reviewCalls = area('Review desk', EVERY_ROLE);

export const reviewQueue = reviewCalls.get('review-queue', {
  summary: 'Every Pending company, driver and vehicle, oldest first, with documents; paged.',
  input: reviewQueueQuerySchema,
  data: pagedSchema(reviewItemSchema),
  export: 'review-queue',
});
