import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema, wholeNumber } from './envelope';
import { exportQuery } from './list-query';
import { activeStatusSchema, int } from './vocabulary';

/**
 * The documents of the records an administrator reviews. Their images are
 * SPEC 3's fields (a company's `company_doc`, a driver's `dl_front` and
 * `holding_dl`, a vehicle's `registration_front`, `registration_back`,
 * `insurance` and its four photos), unchanged; a document groups them and carries what the images
 * cannot: whether it expires and when.
 *
 * - business_licence: `company_doc[0]`; expires.
 * - certificate_of_incorporation: `company_doc[1]`; does not expire.
 * - company_document: any further `company_doc` image; does not expire.
 * - driver_licence: `dl_front`, then `holding_dl` (the driver holding it); expires.
 * - registration: `registration_front`, `registration_back`; expires.
 * - insurance: `insurance`; expires.
 * - vehicle_photos: the car itself, `vehicle_front`, `vehicle_back`,
 *   `vehicle_right`, `vehicle_left` (its plate and colour are checked on
 *   them); does not expire.
 *
 * `expires_on` is the day the document stops being valid (`YYYY-MM-DD`): the
 * daily check notifies the administrators 30, 7 and 1 days before it and, on
 * that day, makes the driver or vehicle Inactive ("Document expired").
 */
export const DOCUMENT_KINDS = [
  'business_licence',
  'certificate_of_incorporation',
  'company_document',
  'driver_licence',
  'registration',
  'insurance',
  'vehicle_photos',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The documents that expire: the ones an expiry date is entered for. */
export const EXPIRING_DOCUMENTS = [
  'business_licence',
  'driver_licence',
  'registration',
  'insurance',
] as const satisfies DocumentKind[];
export type ExpiringDocument = (typeof EXPIRING_DOCUMENTS)[number];

/** What is reviewed: a company or a driver (table users) or a vehicle. */
export const REVIEW_KINDS = ['company', 'driver', 'vehicle'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const reviewKindSchema = z.enum(REVIEW_KINDS, {
  error: 'kind must be company, driver or vehicle.',
});

/** The expiring documents of each kind of record, in the order a reviewer sees them. */
export const EXPIRING_DOCUMENTS_OF: Record<ReviewKind, readonly ExpiringDocument[]> = {
  company: ['business_licence'],
  driver: ['driver_licence'],
  vehicle: ['registration', 'insurance'],
};

/** The record's table on the wire (SPEC 7's `table` values). */
export const tableOfKind = (kind: ReviewKind): 'users' | 'vehicles' =>
  kind === 'vehicle' ? 'vehicles' : 'users';

/** A vehicle's documents and photos (SPEC 3's names). */
export const VEHICLE_IMAGE_FIELDS = [
  'registration_front',
  'registration_back',
  'insurance',
  'vehicle_front',
  'vehicle_back',
  'vehicle_right',
  'vehicle_left',
] as const;

/** The image fields a document shows (SPEC 3's names). */
const IMAGE_FIELDS = ['company_doc', 'dl_front', 'holding_dl', ...VEHICLE_IMAGE_FIELDS] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];

/** Earliest and latest expiry a person can mean; anything else is a typing slip. */
const YEAR_MIN = 1970;
const YEAR_MAX = 2200;

export const DOCUMENT_MESSAGES = {
  dateInvalid: 'expires_on must be a date (YYYY-MM-DD).',
  documentUpdated: 'Document updated successfully.',
  documentsFetched: 'Documents fetched successfully.',
  noSuchDocument: 'This record has no document of that kind.',
} as const;

/** The status_reason of a driver or vehicle the daily check made Inactive (data, in English). */
export const DOCUMENT_EXPIRED_REASON = 'Document expired';

/** A calendar day `YYYY-MM-DD` that exists (not 2025-02-30), within reason. */
export const calendarDateSchema = z
  .string({ error: DOCUMENT_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DOCUMENT_MESSAGES.dateInvalid)
  .refine((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      year >= YEAR_MIN &&
      year <= YEAR_MAX &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
    );
  }, DOCUMENT_MESSAGES.dateInvalid);

/** One document of a record, with its images as signed URLs. */
export const documentSchema = z.object({
  document: z.enum(DOCUMENT_KINDS),
  /** Whether documents of this kind expire (and so need `expires_on`). */
  expires: z.boolean(),
  /** The day it stops being valid; null when it does not expire or nobody entered it yet. */
  expires_on: z.string().nullable(),
  /** Its images, each a signed URL (see imageUrlSchema); empty when none was uploaded. */
  images: z.array(z.object({ field: z.enum(IMAGE_FIELDS), url: z.string() })),
});
export type RecordDocument = z.infer<typeof documentSchema>;

/**
 * Expiry dates sent with a decision or an update: one per expiring document
 * (unknown keys are dropped, like every unknown field).
 */
export const expiryDatesSchema = z.object(
  Object.fromEntries(EXPIRING_DOCUMENTS.map((kind) => [kind, calendarDateSchema.optional()])) as {
    [K in ExpiringDocument]: z.ZodOptional<typeof calendarDateSchema>;
  },
);
export type ExpiryDates = z.infer<typeof expiryDatesSchema>;

const expiringDocumentSchema = z.enum(EXPIRING_DOCUMENTS, {
  error: 'document must be business_licence, driver_licence, registration or insurance.',
});

/**
 * POST document-update: sets the expiry of one document of a company, driver
 * (table users) or vehicle. A date after today that replaces an expired one
 * renews it: the reminders start over and a driver or vehicle made Inactive
 * because it expired is Active again (once none of its documents is expired).
 */
const documentUpdateBodySchema = z.object({
  table: z.enum(['users', 'vehicles'], { error: 'table must be users or vehicles.' }),
  id: idSchema,
  document: expiringDocumentSchema,
  expires_on: calendarDateSchema,
});

/**
 * GET expiring-documents: the documents of Approved records whose date is
 * missing, then those that expire within N days, or have.
 */
const expiringDocumentsQuerySchema = pageQuerySchema.pick({ page: true, per_page: true }).extend({
  ...exportQuery,
  within_days: optionalQuery(
    wholeNumber({
      min: 0,
      max: 366,
      notWhole: 'within_days must be a whole number from 0 to 366.',
    }),
  ).default(30),
});

/**
 * Where an expiring document stands: `expired`, `expiring` within the window,
 * or `date_missing` (its record was approved without the date, so the daily
 * check cannot act on it until someone enters it).
 */
export const EXPIRY_STATES = ['expired', 'expiring', 'date_missing'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];

/**
 * One expiring (or expired, or undated) document: whose it is (`table` and
 * `id` name the record, `kind` and `name` say what it is), which, when, how
 * many days are left (0 or less: expired; null with the date missing) and
 * `expiry`, where it stands. `status` is the record's Active status.
 */
const expiringDocumentItemSchema = z.object({
  table: z.enum(['users', 'vehicles']),
  id: int(),
  kind: reviewKindSchema,
  name: z.string(),
  document: expiringDocumentSchema,
  expires_on: z.string().nullable(),
  days_left: int().nullable(),
  expiry: z.enum(EXPIRY_STATES),
  status: activeStatusSchema,
});
export type ExpiringDocumentItem = z.infer<typeof expiringDocumentItemSchema>;

// ---------------------------------------------------------------- calls

const documentCalls = area('Review desk', EVERY_ROLE);

export const documentUpdate = documentCalls.post('document-update', {
  summary: 'Set the expiry date of a document of a company, driver or vehicle (renews it).',
  input: documentUpdateBodySchema,
  data: z.object({
    table: z.enum(['users', 'vehicles']),
    id: int(),
    document: expiringDocumentSchema,
    expires_on: z.string(),
    /** The record's Active status after the update (Active again when renewed). */
    status: activeStatusSchema,
  }),
  roles: ['Owner', 'Operator'],
});

export const expiringDocuments = documentCalls.get('expiring-documents', {
  summary:
    'Documents of Approved records without an expiry date, then those expiring within N days (expired ones too), soonest first; paged.',
  input: expiringDocumentsQuerySchema,
  data: pagedSchema(expiringDocumentItemSchema),
  export: 'expiring-documents',
});
