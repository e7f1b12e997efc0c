import { z } from 'zod';
import { area, EVERY_ROLE, integrationArea, OWNER_ONLY, type Role } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema, wholeNumber } from './envelope';
import {
  atSchema,
  checkPointPair,
  degrees,
  externalIdSchema,
  postHeadersSchema,
} from './integration';
import { int, rideStatusSchema } from './vocabulary';

/*
 * The safety and support desk (issue 49): SOS reports, complaints and low
 * ratings come in through the integration API and are worked as cases, each
 * with a deadline to acknowledge and one to resolve (per type, set by an
 * Owner), an assignee, a status, an activity log and an outcome. Every status
 * change goes out to the marketplace as a `case.status_changed` event.
 */

/** What a case is: an SOS, a complaint, or a rating of 1 or 2 stars with a comment. */
export const CASE_KINDS = ['sos', 'complaint', 'rating'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

/** The types of complaint the marketplace sends; a complaint without one is `other`. */
export const COMPLAINT_TYPES = [
  'driver_behaviour',
  'overcharge',
  'route',
  'lost_item',
  'safety',
  'other',
] as const;
export type ComplaintType = (typeof COMPLAINT_TYPES)[number];

/**
 * The types a deadline is set for: an SOS, each type of complaint, and a
 * low rating. An SOS's deadlines are in minutes, every other's in hours.
 */
export const CASE_DEADLINE_TYPES = ['sos', ...COMPLAINT_TYPES, 'rating'] as const;
export type CaseDeadlineType = (typeof CASE_DEADLINE_TYPES)[number];

/** The unit of a type's deadlines. */
export const deadlineUnitOf = (type: CaseDeadlineType) => (type === 'sos' ? 'minutes' : 'hours');

/**
 * The deadlines until an Owner sets others (docs/cases.md): to acknowledge
 * and to resolve, in the type's unit (an SOS in minutes, others in hours).
 */
export const CASE_DEADLINE_DEFAULTS: Record<
  CaseDeadlineType,
  { acknowledge: number; resolve: number }
> = {
  sos: { acknowledge: 5, resolve: 60 },
  safety: { acknowledge: 1, resolve: 24 },
  driver_behaviour: { acknowledge: 4, resolve: 48 },
  lost_item: { acknowledge: 4, resolve: 48 },
  overcharge: { acknowledge: 8, resolve: 72 },
  route: { acknowledge: 8, resolve: 72 },
  other: { acknowledge: 24, resolve: 120 },
  rating: { acknowledge: 24, resolve: 72 },
};

/** A case's status: New -> Acknowledged -> In progress -> Resolved or False alarm. */
export const CASE_STATUSES = [
  'New',
  'Acknowledged',
  'In progress',
  'Resolved',
  'False alarm',
] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** The statuses a case may go to from each (anything else is 409). */
export const CASE_TRANSITIONS: Record<CaseStatus, readonly CaseStatus[]> = {
  New: ['Acknowledged'],
  Acknowledged: ['In progress', 'False alarm'],
  'In progress': ['Resolved', 'False alarm'],
  Resolved: [],
  'False alarm': [],
};

/** A case still to be worked: New, Acknowledged or In progress. */
export const OPEN_CASE_STATUSES = ['New', 'Acknowledged', 'In progress'] as const;
export const isOpenCase = (status: CaseStatus) =>
  (OPEN_CASE_STATUSES as readonly CaseStatus[]).includes(status);

/**
 * How a case ended: `driver_deactivated` switches the driver Inactive (as
 * status-update does); `refund` names the refund of the case's trip that
 * refund-create made (its id in the case's log).
 */
export const CASE_OUTCOMES = ['no_action', 'warning', 'driver_deactivated', 'refund'] as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[number];

/** What an administrator records in a case's log beside the changes. */
export const CASE_NOTE_KINDS = [
  'note',
  'called_driver',
  'called_passenger',
  'contacted_authorities',
] as const;
export type CaseNoteKind = (typeof CASE_NOTE_KINDS)[number];

/** Every entry of a case's activity log: the notes, and each change, who and when. */
export const CASE_ACTIVITY_KINDS = [
  ...CASE_NOTE_KINDS,
  'opened',
  'status',
  'assigned',
  'outcome',
  /** The refund the outcome `refund` names: its id. */
  'refund',
  'escalated',
] as const;
export type CaseActivityKind = (typeof CASE_ACTIVITY_KINDS)[number];

/** The roles that work cases; Finance reads them. */
export const CASE_WORKERS: readonly Role[] = ['Owner', 'Operator', 'Support'];

/** The roles that may assign a case to someone else; Support may only take one. */
export const CASE_ASSIGNERS: readonly Role[] = ['Owner', 'Operator'];

/** The roles whose outcome may deactivate a driver: status-update's. */
export const CASE_DEACTIVATORS: readonly Role[] = ['Owner', 'Operator'];

/** Stars at or under which a rating with a comment opens a case. */
export const LOW_RATING_STARS = 2;

export const CASE_MESSAGES = {
  caseSaved: 'The case has been saved.',
  ratingSaved: 'The rating has been saved.',
  listed: 'Cases fetched successfully.',
  fetched: 'Case fetched successfully.',
  updated: 'Case updated successfully.',
  deadlinesFetched: 'Case deadlines fetched successfully.',
  deadlinesSaved: 'Case deadlines saved.',
  notFound: 'Case not found.',
  noReporter: 'There is no passenger or driver with this external_id: send them first.',
  complaintTypeOnly: 'complaint_type is for a complaint only.',
  externalIdTaken: 'Another case already has this external_id with a different kind.',
  badTransition: 'A case that is {from} cannot become {to}.',
  closed: 'This case is closed: it cannot be changed.',
  nothingToChange: 'Send status, assignee_id, note or outcome.',
  takeOnly: 'Your role may only take a case: assign it to yourself.',
  noAssignee: 'There is no administrator who works cases with this id.',
  noDriver: 'This case has no driver to deactivate.',
  cannotDeactivate: 'Your role ({role}) cannot deactivate a driver.',
  outcomeFirst: 'Choose an outcome before resolving the case.',
  noTrip: 'This case has no trip to refund: choose another outcome.',
  refundFirst: 'Refund the trip first, then send the refund’s refund_id with the outcome refund.',
  noRefund: 'There is no refund of this case’s trip with this id.',
  refundIdOnly: 'refund_id goes with the outcome refund.',
  noteRequired: 'Please write the note.',
  resolveAfterAcknowledge: 'The time to resolve must be longer than the time to acknowledge.',
  driverRating: 'Driver rating fetched successfully.',
  ratingReview: 'Drivers to review fetched successfully.',
  driverNotFound: 'Driver not found.',
} as const;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .min(1, `${field} must not be empty.`)
    .max(max, `${field} must be at most ${max} characters.`);

// ---------------------------------------------------------------- in: the integration API

const caseRequestSchema = z
  .object({
    external_id: externalIdSchema('external_id'),
    kind: z.enum(['sos', 'complaint'], { error: 'kind must be sos or complaint.' }),
    complaint_type: z
      .enum(COMPLAINT_TYPES, {
        error: `complaint_type must be one of ${COMPLAINT_TYPES.join(', ')}.`,
      })
      .optional(),
    trip_external_id: externalIdSchema('trip_external_id').optional(),
    reporter_external_id: externalIdSchema('reporter_external_id'),
    text: text('text', 2000).optional(),
    lat: degrees('lat', 90).optional(),
    lng: degrees('lng', 180).optional(),
    at: atSchema,
  })
  .superRefine((report, context) => {
    if (report.kind === 'sos' && report.complaint_type !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['complaint_type'],
        message: CASE_MESSAGES.complaintTypeOnly,
      });
    }
    checkPointPair(report, ['lat', 'lng'], context);
  });
export type CaseRequest = z.input<typeof caseRequestSchema>;

export const integrationCases = integrationArea('Cases', 'cases:write').post('cases', {
  summary:
    'An SOS (who, the trip, the position and time) or a complaint (a type, text, the trip) by the marketplace’s external_id: it opens a case at the desk with its deadlines; an SOS is pushed to every open panel. The same external_id again changes nothing.',
  input: caseRequestSchema,
  headers: postHeadersSchema,
  data: z.object({
    id: int(),
    external_id: z.string(),
    /** True when this request opened the case; false when it was already there. */
    created: z.boolean(),
    status: z.enum(CASE_STATUSES),
  }),
});

const ratingRequestSchema = z.object({
  trip_external_id: externalIdSchema('trip_external_id'),
  by: z.enum(['passenger', 'driver'], { error: 'by must be passenger or driver.' }),
  stars: wholeNumber({
    min: 1,
    max: 5,
    notWhole: 'stars must be a whole number from 1 to 5.',
  }),
  comment: text('comment', 2000).optional(),
  at: atSchema,
});
export type RatingRequest = z.input<typeof ratingRequestSchema>;

export const integrationRatings = integrationArea('Cases', 'cases:write').post('ratings', {
  summary:
    'A trip’s rating (1 to 5 stars, an optional comment) by its passenger (of the driver) or its driver (of the passenger); one per trip and side, a later `at` replacing an earlier. A rating of 1 or 2 with a comment opens a case of kind `rating`.',
  input: ratingRequestSchema,
  headers: postHeadersSchema,
  data: z.object({
    id: int(),
    trip_external_id: z.string(),
    created: z.boolean(),
    /** The case the rating opened; null when it opened none. */
    case_id: int().nullable(),
  }),
});

// ---------------------------------------------------------------- the desk: schemas

const personRefSchema = z.object({
  id: int(),
  name: z.string(),
  external_id: z.string().nullable(),
});

const caseItemSchema = z.object({
  id: int(),
  external_id: z.string().nullable(),
  kind: z.enum(CASE_KINDS),
  complaint_type: z.enum(COMPLAINT_TYPES).nullable(),
  status: z.enum(CASE_STATUSES),
  /** The first words of what was reported (a rating's comment). */
  text: z.string().nullable(),
  ride_id: int().nullable(),
  driver: personRefSchema.nullable(),
  passenger: personRefSchema.nullable(),
  /** Who reported it: the passenger or the driver. */
  reported_by: z.enum(['passenger', 'driver']).nullable(),
  assignee: z.object({ id: int(), name: z.string() }).nullable(),
  /** When the marketplace says it happened. */
  reported_at: z.string(),
  /** When it reached the desk: the deadlines count from here. */
  created_at: z.string(),
  acknowledge_due_at: z.string(),
  resolve_due_at: z.string(),
  acknowledged_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** Past its next deadline now (to acknowledge while New, else to resolve); false once closed. */
  overdue: z.boolean(),
  /** When an unacknowledged SOS was escalated to the Owners; null: not escalated. */
  escalated_at: z.string().nullable(),
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type CaseItem = z.infer<typeof caseItemSchema>;

const openCountsSchema = z.object({
  sos: int(),
  complaint: int(),
  rating: int(),
  total: int(),
});
export type CaseOpenCounts = z.infer<typeof openCountsSchema>;

const activitySchema = z.object({
  id: int(),
  kind: z.enum(CASE_ACTIVITY_KINDS),
  /** The note's words, or what changed ("New -> Acknowledged", the assignee's name, the outcome). */
  text: z.string().nullable(),
  /** Who: null for the marketplace or Cabdesk itself. */
  admin: z.object({ id: int(), name: z.string() }).nullable(),
  at: z.string(),
});
export type CaseActivity = z.infer<typeof activitySchema>;

const tripSchema = z.object({
  id: int(),
  external_id: z.string().nullable(),
  ride_status: rideStatusSchema,
  pickup_address: z.string(),
  drop_address: z.string(),
  amount: z.string(),
  created_at: z.string(),
  passenger: personRefSchema.extend({ phone: z.string().nullable() }).nullable(),
  driver: personRefSchema.extend({ phone: z.string().nullable() }).nullable(),
});

const ratingSchema = z.object({
  by: z.enum(['passenger', 'driver']),
  stars: int(),
  comment: z.string().nullable(),
  at: z.string(),
});

const caseDetailSchema = z.object({
  case: caseItemSchema.extend({ text: z.string().nullable() }),
  trip: tripSchema.nullable(),
  rating: ratingSchema.nullable(),
  /** Earlier cases of the same driver and of the same passenger, newest first. */
  earlier_driver_cases: z.array(caseItemSchema),
  earlier_passenger_cases: z.array(caseItemSchema),
  activity: z.array(activitySchema),
  /** Who may work it (Active Owners, Operators and Support): whom it may be assigned to. */
  workers: z.array(
    z.object({ id: int(), name: z.string(), role: z.enum(['Owner', 'Operator', 'Support']) }),
  ),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

const caseListQuerySchema = pageQuerySchema.pick({ page: true, per_page: true }).extend({
  /** One status, or `open` for New, Acknowledged and In progress. */
  status: optionalQuery(
    z.enum([...CASE_STATUSES, 'open'], {
      error: `status must be open or one of ${CASE_STATUSES.join(', ')}.`,
    }),
  ),
  kind: optionalQuery(z.enum(CASE_KINDS, { error: `kind must be sos, complaint or rating.` })),
  assignee_id: optionalQuery(idSchema),
});
export type CaseListQuery = z.input<typeof caseListQuerySchema>;

const caseUpdateSchema = z
  .object({
    id: idSchema,
    status: z
      .enum(CASE_STATUSES, { error: `status must be one of ${CASE_STATUSES.join(', ')}.` })
      .optional(),
    assignee_id: idSchema.optional(),
    note: z
      .string({ error: 'note must be text.' })
      .trim()
      .max(2000, 'note must be at most 2000 characters.')
      .optional(),
    /** What the note records: a plain note (the default), or a call or contact made. */
    note_kind: z
      .enum(CASE_NOTE_KINDS, { error: `note_kind must be one of ${CASE_NOTE_KINDS.join(', ')}.` })
      .optional(),
    outcome: z
      .enum(CASE_OUTCOMES, { error: `outcome must be one of ${CASE_OUTCOMES.join(', ')}.` })
      .optional(),
    /** With the outcome `refund`: the refund of the case's trip that refund-create made. */
    refund_id: idSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.refund_id !== undefined && body.outcome !== 'refund') {
      context.addIssue({
        code: 'custom',
        path: ['refund_id'],
        message: CASE_MESSAGES.refundIdOnly,
      });
    }
    const noted = body.note !== undefined && body.note !== '';
    if (
      body.status === undefined &&
      body.assignee_id === undefined &&
      !noted &&
      body.note_kind === undefined &&
      body.outcome === undefined
    ) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: CASE_MESSAGES.nothingToChange,
      });
    }
    // A plain note needs its words; a call or a contact may go without.
    if ((body.note_kind ?? 'note') === 'note' && body.note !== undefined && !noted) {
      context.addIssue({ code: 'custom', path: ['note'], message: CASE_MESSAGES.noteRequired });
    }
    if (body.note_kind === 'note' && body.note === undefined) {
      context.addIssue({ code: 'custom', path: ['note'], message: CASE_MESSAGES.noteRequired });
    }
  });
export type CaseUpdate = z.input<typeof caseUpdateSchema>;

const deadlineSchema = z.object({
  type: z.enum(CASE_DEADLINE_TYPES),
  unit: z.enum(['minutes', 'hours']),
  acknowledge: int(),
  resolve: int(),
  /** False while the documented default holds. */
  customised: z.boolean(),
});
export type CaseDeadline = z.infer<typeof deadlineSchema>;

const deadlineAmount = (field: string) =>
  wholeNumber({
    min: 1,
    max: 10_000,
    notWhole: `${field} must be a whole number from 1 to 10000.`,
  });

const deadlineSaveSchema = z
  .object({
    type: z.enum(CASE_DEADLINE_TYPES, {
      error: `type must be one of ${CASE_DEADLINE_TYPES.join(', ')}.`,
    }),
    acknowledge: deadlineAmount('acknowledge'),
    resolve: deadlineAmount('resolve'),
  })
  .refine((body) => body.resolve > body.acknowledge, {
    path: ['resolve'],
    message: CASE_MESSAGES.resolveAfterAcknowledge,
  });
export type CaseDeadlineSave = z.input<typeof deadlineSaveSchema>;

// ---------------------------------------------------------------- the desk: calls

const caseCalls = area('Cases', EVERY_ROLE);

export const caseList = caseCalls.get('case-list', {
  summary:
    'Cases, open SOS first, then by their next deadline; filtered by status (or `open`), kind and assignee; paged, with the count open of each kind (the sidebar’s badge).',
  input: caseListQuerySchema,
  data: pagedSchema(caseItemSchema).extend({ open_counts: openCountsSchema }),
});

export const caseDetail = caseCalls.get('case-detail', {
  summary:
    'A case: its trip with the people, its rating, earlier cases of the same driver and passenger, and the activity log.',
  input: z.object({ case_id: idSchema }),
  data: caseDetailSchema,
});

export const caseUpdate = caseCalls.post('case-update', {
  summary:
    'Work a case: a status (New -> Acknowledged -> In progress -> Resolved or False alarm; another is 409), an assignee (Support may only take it), a note for the log, an outcome (driver_deactivated switches the driver Inactive; refund names, in `refund_id`, the refund of the case’s trip that refund-create made). Each status change goes out as `case.status_changed`.',
  roles: CASE_WORKERS,
  input: caseUpdateSchema,
  data: caseItemSchema,
});

export const caseDeadlines = caseCalls.get('case-deadlines', {
  summary:
    'The deadline of each type of case to acknowledge and to resolve: an SOS in minutes, the others in hours.',
  data: z.array(deadlineSchema),
});

export const caseDeadlinesSave = caseCalls.post('case-deadlines-save', {
  summary:
    'Set a type’s deadlines (an SOS in minutes, the others in hours): cases opened from now on carry them.',
  roles: OWNER_ONLY,
  input: deadlineSaveSchema,
  data: deadlineSchema,
});

// ---------------------------------------------------------------- ratings of drivers

/** Unless asked otherwise: drivers whose last 20 ratings average under 3.5 stars are listed for review. */
export const RATING_REVIEW_DEFAULTS = { below: 3.5, last: 20 } as const;

const distributionSchema = z.object({
  1: int(),
  2: int(),
  3: int(),
  4: int(),
  5: int(),
});

const driverRatingSchema = z.object({
  driver_id: int(),
  /** The average of every passenger's rating, two decimals; null without ratings. */
  average: z.number().nullable(),
  count: int(),
  /** How many ratings of each star. */
  distribution: distributionSchema,
  /** The average of the last `last` ratings (the review's measure); null without ratings. */
  recent_average: z.number().nullable(),
  last: int(),
});
export type DriverRating = z.infer<typeof driverRatingSchema>;

const BELOW_MESSAGE = 'below must be a number of stars from 1 to 5, such as 3.5.';

const reviewQuerySchema = pageQuerySchema.pick({ page: true, per_page: true }).extend({
  /** Stars, such as 3.5: decimal digits only, as every number of a query. */
  below: optionalQuery(
    z
      .string({ error: BELOW_MESSAGE })
      .regex(/^[1-5](\.\d{1,2})?$/, BELOW_MESSAGE)
      .transform(Number)
      .refine((stars) => stars <= 5, BELOW_MESSAGE),
  ),
  last: optionalQuery(
    wholeNumber({ min: 1, max: 500, notWhole: 'last must be a whole number from 1 to 500.' }),
  ),
});

export const driverRating = caseCalls.get('driver-rating', {
  summary:
    'A driver’s ratings by passengers: average, count, how many of each star, and the average of the last `last` (20 unless asked).',
  input: z.object({
    driver_id: idSchema,
    last: optionalQuery(
      wholeNumber({ min: 1, max: 500, notWhole: 'last must be a whole number from 1 to 500.' }),
    ),
  }),
  data: driverRatingSchema,
});

export const driverRatingReview = caseCalls.get('driver-rating-review', {
  summary:
    'Drivers whose last `last` ratings (20 unless asked) average under `below` stars (3.5 unless asked), the lowest first, paged: those to review.',
  input: reviewQuerySchema,
  data: pagedSchema(
    driverRatingSchema.extend({ name: z.string(), status: z.enum(['Active', 'Inactive']) }),
  ),
});
