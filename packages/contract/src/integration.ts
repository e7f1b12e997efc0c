import { z } from 'zod';
import { bankAccountFields, checkBicCountry, PAYOUT_MESSAGES } from './payouts';
import { calendarDateSchema, EXPIRING_DOCUMENTS, type DocumentKind } from './documents';
import {
  area,
  integrationArea,
  INTEGRATION_SCOPES,
  OWNER_ONLY,
  PER_RECORD_SCOPE,
  type IntegrationScope,
} from './endpoint';
import { idSchema, optionalQuery, wholeNumber } from './envelope';
import {
  approvalSchema,
  activeStatusSchema,
  int,
  rideStatusSchema,
  userTypeSchema,
} from './vocabulary';

/*
 * The integration API (issue 44): the marketplace's backend writes its
 * people and vehicles into Cabdesk with an integration key that an Owner
 * made, at /taxi-service/integration/v1/, validated by these schemas like
 * every admin call. The keys themselves are managed through the admin API
 * (Settings -> Integrations).
 */

export const integrationScopeSchema = z.enum(INTEGRATION_SCOPES, {
  error: `Each scope must be one of ${INTEGRATION_SCOPES.join(', ')}.`,
});

/** The header that makes a POST of the integration API safe to send again. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Requests per minute one integration key may make, unless the server is told otherwise. */
export const INTEGRATION_RATE_LIMIT_DEFAULT = 600;

export const INTEGRATION_KEY_MESSAGES = {
  listed: 'Integration keys fetched successfully.',
  created: 'The integration key has been created. Copy it now: it is not shown again.',
  revoked: 'The integration key has been revoked.',
  missing: 'There is no such integration key.',
  alreadyRevoked: 'This integration key is already revoked.',
  nameRequired: 'Please enter a name for the key.',
  nameTooLong: 'The name must be at most 100 characters.',
  scopesRequired: 'Please choose at least one scope.',
} as const;

export const INTEGRATION_MESSAGES = {
  noKey: 'Send an integration key in the Authorization header: Bearer <key>.',
  badKey: 'This integration key is not valid or has been revoked.',
  noScope: 'This integration key does not have the scope {scope}, which this call needs.',
  tooMany: 'Too many requests with this integration key. Please wait and try again.',
  idempotencyReused:
    'This Idempotency-Key was already used with a different request. Send a new key for a new request.',
  idempotencyKey:
    'Idempotency-Key must be 1 to 255 visible characters (letters, digits and punctuation).',
  personSaved: 'The person has been saved.',
  vehicleSaved: 'The vehicle has been saved.',
  deleted: 'This record was deleted in Cabdesk and cannot be changed through the integration API.',
  emailTaken: 'Another account of this kind already has this e-mail address.',
  noCompany: 'There is no company with this external_id: send the company first.',
  companyDeleted: 'This company was deleted in Cabdesk.',
  unknownServiceType: 'There is no service type of this name.',
  unknownVehicleType: 'There is no vehicle type of this name.',
  seatsDiffer: 'The vehicle type {type} has {seats} seats.',
  tripSaved: 'The trip event has been saved.',
  paymentSaved: 'The payment has been saved.',
  eventsFetched: 'Events fetched successfully.',
  noPassenger: 'There is no passenger with this external_id: send the passenger first.',
  noDriver: 'There is no driver with this external_id: send the driver first.',
  noVehicle: 'There is no vehicle with this external_id: send the vehicle first.',
  personDeleted: 'This account was deleted in Cabdesk.',
  vehicleDeleted: 'This vehicle was deleted in Cabdesk.',
  noTrip: 'There is no trip with this external_id: send the trip first.',
  tripPaid: 'This trip already has another payment.',
  transactionIdTaken: 'Another payment in Cabdesk already has this transaction id.',
  documentSaved: 'The document has been saved.',
  noPerson: 'There is no {role} with this external_id: send it first.',
  imported: 'The file has been imported: {accepted} rows accepted, {rejected} rejected.',
  importEmpty: 'The file has no rows to import.',
  importType: 'Send the rows as NDJSON (application/x-ndjson) or CSV (text/csv).',
  importTooLarge: 'The file is larger than {size}: split it into several imports.',
  importId: 'import_id must be 1 to 100 visible characters, without spaces.',
} as const;

// ---------------------------------------------------------------- keys (admin API)

const integrationKeySchema = z.object({
  id: int(),
  name: z.string(),
  scopes: z.array(integrationScopeSchema),
  /** The key's first characters, to tell keys apart; the key itself is never shown again. */
  prefix: z.string(),
  created_at: z.string(),
  /** Who made it; null once that administrator is gone. */
  created_by: z.string().nullable(),
  /** The last request the key made, to the minute; null: never used. */
  last_used_at: z.string().nullable(),
  /** When it was revoked; null while it works. */
  revoked_at: z.string().nullable(),
});
export type IntegrationKey = z.infer<typeof integrationKeySchema>;

export const integrationKeyFormSchema = z.object({
  name: z
    .string({ error: INTEGRATION_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, INTEGRATION_KEY_MESSAGES.nameRequired)
    .max(100, INTEGRATION_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(integrationScopeSchema, { error: INTEGRATION_KEY_MESSAGES.scopesRequired })
    .min(1, INTEGRATION_KEY_MESSAGES.scopesRequired)
    .max(INTEGRATION_SCOPES.length)
    // Each scope once, in the contract's order.
    .transform((scopes) => INTEGRATION_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type IntegrationKeyForm = z.input<typeof integrationKeyFormSchema>;

const keyCalls = area('Integrations', OWNER_ONLY);

export const integrationKeyList = keyCalls.get('integration-key-list', {
  summary:
    'Every integration key, newest first: name, scopes, prefix, when it was made and last used, and whether it is revoked.',
  data: z.object({ keys: z.array(integrationKeySchema) }),
});

export const integrationKeyCreate = keyCalls.post('integration-key-create', {
  summary:
    'Make an integration key with a name and scopes. The answer holds the key: the only time it is shown (it is stored hashed).',
  input: integrationKeyFormSchema,
  data: z.object({ id: int(), key: z.string() }),
});

export const integrationKeyRevoke = keyCalls.post('integration-key-revoke', {
  summary: 'Revoke an integration key: its next request answers 401.',
  input: z.object({ id: idSchema }),
  data: integrationKeySchema,
});

// ---------------------------------------------------------------- the integration API

/**
 * The marketplace's own id of a record: text (a number is taken as its
 * digits), 1 to 100 visible characters.
 */
export const externalIdSchema = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value),
    z
      .string({ error: `${field} is required.` })
      .trim()
      .min(1, `${field} is required.`)
      .max(100, `${field} must be at most 100 characters.`)
      .regex(/^[\x21-\x7e]+$/, `${field} must be visible characters without spaces.`),
  );

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} must be at most ${max} characters.`)
    .regex(/^[^\p{Cc}]*$/u, `${field} must be one line of text.`);

/** Headers of every POST: the optional Idempotency-Key. */
export const postHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, INTEGRATION_MESSAGES.idempotencyKey)
    .optional(),
});

const personRequestSchema = z
  .object({
    external_id: externalIdSchema('external_id'),
    user_type: userTypeSchema,
    name: text('name', 200),
    email: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .email({ error: 'email must be a valid e-mail address.' })
        .max(254, 'email must be a valid e-mail address.'),
    ),
    phone: z
      .string({ error: 'phone is required.' })
      .trim()
      .regex(
        /^\+?[0-9][0-9 ()-]{3,30}$/,
        'phone must be a phone number: digits, with spaces, dashes, brackets and a leading + allowed.',
      ),
    gender: z
      .enum(['Male', 'Female', 'Other'], {
        error: 'gender must be Male, Female or Other.',
      })
      .optional(),
    dob: z.iso
      .date({ error: 'dob must be a date written YYYY-MM-DD.' })
      .refine((day) => day >= '1900-01-01', 'dob must be a date written YYYY-MM-DD.')
      .optional(),
    company_external_id: externalIdSchema('company_external_id').optional(),
    company_name: text('company_name', 200).optional(),
    /** A driver's or company's bank account for payouts (issue 48): all three, or none. */
    iban: bankAccountFields.iban.optional(),
    bic: bankAccountFields.bic.optional(),
    account_holder: bankAccountFields.holder.optional(),
  })
  .superRefine((person, context) => {
    const bank = [person.iban, person.bic, person.account_holder];
    if (bank.some((field) => field !== undefined)) {
      if (person.user_type === 'User') {
        context.addIssue({
          code: 'custom',
          path: ['iban'],
          message: PAYOUT_MESSAGES.bankDetailsPayee,
        });
      } else if (bank.some((field) => field === undefined)) {
        context.addIssue({
          code: 'custom',
          path: ['iban'],
          message: PAYOUT_MESSAGES.bankDetailsAll,
        });
      }
      checkBicCountry(person, context);
    }
    if (person.user_type === 'Company' && person.company_name === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['company_name'],
        message: 'company_name is required for a Company.',
      });
    }
    if (person.user_type !== 'Driver' && person.company_external_id !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['company_external_id'],
        message: 'company_external_id is for a Driver only.',
      });
    }
  });
export type PersonRequest = z.input<typeof personRequestSchema>;

/** What a write of the integration API answers about its record. */
const savedSchema = {
  /** Cabdesk's id of the record. */
  id: int(),
  external_id: z.string(),
  /** True when this request made the record; false when it changed (or only matched) it. */
  created: z.boolean(),
};

export const integrationPeople = integrationArea('People', 'people:write').post('people', {
  summary:
    'Register or change a passenger (User), driver or company by the marketplace’s external_id (an upsert per user_type). A new driver or company arrives Pending, for the review desk.',
  input: personRequestSchema,
  headers: postHeadersSchema,
  data: z.object({
    ...savedSchema,
    user_type: userTypeSchema,
    approval: approvalSchema,
    status: activeStatusSchema,
  }),
});

const seatsSchema = wholeNumber({
  min: 1,
  max: 99,
  notWhole: 'seats must be a whole number.',
  tooSmall: 'seats must be 1 or more.',
  tooLarge: 'seats must be at most 99.',
});

const vehicleRequestSchema = z.object({
  external_id: externalIdSchema('external_id'),
  company_external_id: externalIdSchema('company_external_id'),
  service_type: text('service_type', 100),
  vehicle_type: text('vehicle_type', 100),
  brand: text('brand', 100),
  model: text('model', 100),
  color: text('color', 100),
  seats: seatsSchema,
  license_number: text('license_number', 20),
});
export type VehicleRequest = z.input<typeof vehicleRequestSchema>;

export const integrationVehicles = integrationArea('Vehicles', 'vehicles:write').post('vehicles', {
  summary:
    'Register or change a company’s vehicle by the marketplace’s external_id (an upsert). A new vehicle arrives Pending, for the review desk.',
  input: vehicleRequestSchema,
  headers: postHeadersSchema,
  data: z.object({ ...savedSchema, approval: approvalSchema }),
});

// ---------------------------------------------------------------- trips and payments

/** The events of a trip the marketplace sends, in the order a trip lives them. */
export const TRIP_EVENTS = [
  'created',
  'accepted',
  'started',
  'ended',
  'completed',
  'cancelled',
] as const;
export type TripEvent = (typeof TRIP_EVENTS)[number];

/** The trip's status (SPEC's ride_status) after each event. */
export const TRIP_EVENT_STATUS = {
  created: 'Pending',
  accepted: 'Accept',
  started: 'Start',
  ended: 'End',
  completed: 'Complete',
  cancelled: 'Cancel',
} as const satisfies Record<TripEvent, z.infer<typeof rideStatusSchema>>;

/** How far ahead of Cabdesk's clock an event's time may be (the marketplace's clock may run ahead). */
const AT_AHEAD_MS = 24 * 60 * 60 * 1000;

/**
 * A time with its offset: `2026-11-28T09:12:00Z`, `2026-11-28T10:12:00+01:00`;
 * from 2000 on and at most a day ahead (a wrong clock, not an event).
 */
export const atSchema = z.iso
  .datetime({
    offset: true,
    error: 'at must be a date and time with its offset, such as 2026-11-28T09:12:00Z.',
  })
  .refine((at) => {
    const time = Date.parse(at);
    return time >= Date.parse('2000-01-01T00:00:00Z') && time <= Date.now() + AT_AHEAD_MS;
  }, 'at must be a time from 2000 on and no more than a day ahead of now.');

const AMOUNT_TEXT = /^\d{1,10}(\.\d{1,2})?$/;

/** An amount in dollars, such as 12.50 (a number or its text), at most two decimals. */
const amountSchema = (field: string) => {
  const message = `${field} must be an amount in dollars, such as 12.50.`;
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => String(value).trim())
    .refine((value) => AMOUNT_TEXT.test(value), message)
    .transform(Number);
};

const DEGREES_TEXT = /^-?\d{1,3}(\.\d{1,15})?$/;

/**
 * Degrees of latitude or longitude within -limit..limit, as positions' lat
 * and lng, also as their text (a CSV import's cells are text).
 */
export const degrees = (field: string, limit: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && DEGREES_TEXT.test(value.trim()) ? Number(value) : value,
    z
      .number({ error: `${field} must be a number of degrees.` })
      .min(-limit, `${field} must be from -${limit} to ${limit}.`)
      .max(limit, `${field} must be from -${limit} to ${limit}.`),
  );

/**
 * A latitude goes with its longitude (a trip's points, an SOS's position):
 * when one of the pair is sent without the other, the missing one is named.
 */
export function checkPointPair(
  body: Record<string, unknown>,
  [lat, lng]: readonly [string, string],
  context: z.RefinementCtx,
) {
  if ((body[lat] === undefined) === (body[lng] === undefined)) return;
  const [missing, given] = body[lat] === undefined ? [lat, lng] : [lng, lat];
  context.addIssue({
    code: 'custom',
    path: [missing],
    message: `${missing} is required with ${given}: send both or neither.`,
  });
}

/** The points a trip event may carry beside its addresses, each a latitude and longitude pair. */
const TRIP_POINTS = ['pickup', 'drop'] as const;

const COUPON_DISCOUNT_OVER = 'coupon_discount may be at most amount.';

const tripRequestSchema = z
  .object({
    external_id: externalIdSchema('external_id'),
    event: z.enum(TRIP_EVENTS, { error: `event must be one of ${TRIP_EVENTS.join(', ')}.` }),
    at: atSchema,
    user_external_id: externalIdSchema('user_external_id'),
    driver_external_id: externalIdSchema('driver_external_id').optional(),
    vehicle_external_id: externalIdSchema('vehicle_external_id').optional(),
    /** The service type asked for, by its title (as a vehicle's): what a Pending trip shows. */
    service_type: text('service_type', 100).optional(),
    pickup_address: text('pickup_address', 500),
    drop_address: text('drop_address', 500),
    amount: amountSchema('amount').optional(),
    /**
     * The coupon's discount on the fare, borne by the platform (issue 48): the
     * passenger pays amount - coupon_discount. 0 when absent.
     */
    coupon_discount: amountSchema('coupon_discount').optional(),
    /** How the passenger pays (cash, card, ...): `cash` means the driver collects the fare. */
    payment_method: text('payment_method', 50).optional(),
    reason: text('reason', 500).optional(),
    /** Where the trip starts and ends, beside the addresses (issue 46): each pair whole or absent. */
    pickup_lat: degrees('pickup_lat', 90).optional(),
    pickup_lng: degrees('pickup_lng', 180).optional(),
    drop_lat: degrees('drop_lat', 90).optional(),
    drop_lng: degrees('drop_lng', 180).optional(),
  })
  .superRefine((trip, context) => {
    if (
      trip.coupon_discount !== undefined &&
      trip.amount !== undefined &&
      trip.coupon_discount > trip.amount
    ) {
      context.addIssue({
        code: 'custom',
        path: ['coupon_discount'],
        message: COUPON_DISCOUNT_OVER,
      });
    }
    for (const point of TRIP_POINTS) {
      checkPointPair(trip, [`${point}_lat`, `${point}_lng`], context);
    }
  });
export type TripRequest = z.input<typeof tripRequestSchema>;

export const integrationTrips = integrationArea('Trips', 'trips:write').post('trips', {
  summary:
    'A trip created or one of its state changes (accepted, started, ended, completed, cancelled), at its time, by the marketplace’s external_id. The trip’s status is its latest event’s by `at`; the same event at the same time writes once. Beside the addresses an event may carry the pick-up and drop-off points (`pickup_lat` and `pickup_lng`, `drop_lat` and `drop_lng`, each pair whole); an event without them keeps the trip’s.',
  input: tripRequestSchema,
  headers: postHeadersSchema,
  data: z.object({
    ...savedSchema,
    /** False when this event (the trip, the event and its time) was already recorded. */
    recorded: z.boolean(),
    ride_status: rideStatusSchema,
  }),
});

const paymentRequestSchema = z.object({
  external_id: externalIdSchema('external_id'),
  trip_external_id: externalIdSchema('trip_external_id'),
  amount: amountSchema('amount'),
  payment_method: text('payment_method', 50),
  at: atSchema,
});
export type PaymentRequest = z.input<typeof paymentRequestSchema>;

export const integrationPayments = integrationArea('Payments', 'payments:write').post('payments', {
  summary:
    'A trip’s payment by the marketplace’s external_id (an upsert): one payment per trip, shown in Sales.',
  input: paymentRequestSchema,
  headers: postHeadersSchema,
  data: z.object({ ...savedSchema, trip_id: int(), transaction_id: z.string() }),
});

/** Events one page of the feed holds unless `limit` says fewer or more. */
export const EVENTS_LIMIT_DEFAULT = 100;
export const EVENTS_LIMIT_MAX = 1000;

const eventsQuerySchema = z.object({
  after: optionalQuery(
    wholeNumber({
      min: 0,
      max: Number.MAX_SAFE_INTEGER,
      notWhole: 'after must be an event id: a whole number, 0 or more.',
    }),
  ),
  limit: optionalQuery(
    wholeNumber({
      min: 1,
      max: EVENTS_LIMIT_MAX,
      notWhole: `limit must be a whole number from 1 to ${EVENTS_LIMIT_MAX}.`,
    }),
  ),
});

export const integrationEvents = integrationArea('Events', 'events:read').get('events', {
  summary:
    'The events the webhooks send, as a feed: those after the event `after` (none: from the first), oldest first, each once. Send `next_after` as `after` for the next page; an empty page means none yet.',
  input: eventsQuerySchema,
  data: z.object({
    events: z.array(
      z.object({
        id: int(),
        type: z.string(),
        timestamp: z.string(),
        data: z.record(z.string(), z.unknown()),
      }),
    ),
    /** The `after` of the next page: the last event's id, or the `after` sent when none came. */
    next_after: int(),
  }),
});

// ---------------------------------------------------------------- documents

/**
 * The files `POST documents` takes, by the name it sends as `document`: one
 * image each, SPEC 3's image fields of the record (a company's two
 * `company_doc` images are named by the documents they are). `kind` is the
 * review desk's document it is part of (null for the photos of a vehicle),
 * `expires` whether that document takes an `expires_on`.
 */
export const INTEGRATION_DOCUMENTS = {
  dl_front: { owner: 'people', role: 'Driver', kind: 'driver_licence' },
  holding_dl: { owner: 'people', role: 'Driver', kind: 'driver_licence' },
  business_licence: { owner: 'people', role: 'Company', kind: 'business_licence' },
  certificate_of_incorporation: {
    owner: 'people',
    role: 'Company',
    kind: 'certificate_of_incorporation',
  },
  registration_front: { owner: 'vehicles', role: null, kind: 'registration' },
  registration_back: { owner: 'vehicles', role: null, kind: 'registration' },
  insurance: { owner: 'vehicles', role: null, kind: 'insurance' },
  vehicle_front: { owner: 'vehicles', role: null, kind: null },
  vehicle_back: { owner: 'vehicles', role: null, kind: null },
  vehicle_left: { owner: 'vehicles', role: null, kind: null },
  vehicle_right: { owner: 'vehicles', role: null, kind: null },
} as const satisfies Record<
  string,
  {
    owner: 'people' | 'vehicles';
    role: 'Driver' | 'Company' | null;
    kind: DocumentKind | null;
  }
>;
export type IntegrationDocument = keyof typeof INTEGRATION_DOCUMENTS;
const INTEGRATION_DOCUMENT_NAMES = Object.keys(INTEGRATION_DOCUMENTS) as [
  IntegrationDocument,
  ...IntegrationDocument[],
];

/** The largest file `POST documents` takes. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The image types a document may be, by what their first bytes say (not the name or the type sent). */
export const DOCUMENT_IMAGE_TYPES = ['png', 'jpg', 'gif', 'webp', 'avif'] as const;
export type DocumentImageType = (typeof DOCUMENT_IMAGE_TYPES)[number];

const startsWith = (bytes: Uint8Array, at: number, signature: string) =>
  [...signature].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/** A file's image type by its signature; null when it is none of DOCUMENT_IMAGE_TYPES. */
export function imageTypeOf(bytes: Uint8Array): DocumentImageType | null {
  if (startsWith(bytes, 0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (startsWith(bytes, 0, 'GIF87a') || startsWith(bytes, 0, 'GIF89a')) return 'gif';
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'webp';
  if (startsWith(bytes, 4, 'ftypavif') || startsWith(bytes, 4, 'ftypavis')) return 'avif';
  return null;
}

/**
 * A file part of a multipart body as the server reads it: its bytes and
 * their SHA-256 (what an Idempotency-Key compares: `toJSON` leaves the bytes
 * out).
 */
export type UploadedFile = {
  filename: string;
  bytes: Uint8Array;
  sha256: string;
  toJSON(): { filename: string; size: number; sha256: string };
};

const DOCUMENT_FILE_MESSAGES = {
  required: 'file is required: send the image as a file part of the form.',
  tooLarge: `file must be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`,
  type: `file must be an image: ${DOCUMENT_IMAGE_TYPES.map((t) => t.toUpperCase()).join(', ')}.`,
};

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' &&
  value !== null &&
  (value as UploadedFile).bytes instanceof Uint8Array &&
  typeof (value as UploadedFile).sha256 === 'string';

const documentFileSchema = z
  .custom<UploadedFile>(isUploadedFile, { error: DOCUMENT_FILE_MESSAGES.required })
  .refine((file) => file.bytes.length <= DOCUMENT_MAX_BYTES, DOCUMENT_FILE_MESSAGES.tooLarge)
  .refine((file) => imageTypeOf(file.bytes) !== null, DOCUMENT_FILE_MESSAGES.type)
  .meta({ type: 'string', format: 'binary' });

const documentRequestSchema = z
  .object({
    owner: z.enum(['people', 'vehicles'], { error: 'owner must be people or vehicles.' }),
    external_id: externalIdSchema('external_id'),
    document: z.enum(INTEGRATION_DOCUMENT_NAMES, {
      error: `document must be one of ${INTEGRATION_DOCUMENT_NAMES.join(', ')}.`,
    }),
    file: documentFileSchema,
    expires_on: z.preprocess(
      (value) => (value === '' ? undefined : value),
      calendarDateSchema.optional(),
    ),
  })
  .superRefine((request, context) => {
    const slot = INTEGRATION_DOCUMENTS[request.document];
    if (slot.owner !== request.owner) {
      context.addIssue({
        code: 'custom',
        path: ['document'],
        message: `${request.document} is a document of ${slot.owner}, not of ${request.owner}.`,
      });
    }
    const expires =
      slot.kind !== null && (EXPIRING_DOCUMENTS as readonly string[]).includes(slot.kind);
    if (request.expires_on !== undefined && !expires) {
      context.addIssue({
        code: 'custom',
        path: ['expires_on'],
        message: `${request.document} does not expire: send expires_on only with ${INTEGRATION_DOCUMENT_NAMES.filter(
          (name) =>
            (EXPIRING_DOCUMENTS as readonly string[]).includes(
              INTEGRATION_DOCUMENTS[name].kind ?? '',
            ),
        ).join(', ')}.`,
      });
    }
  });

export const integrationDocuments = integrationArea('Documents', 'documents:write').post(
  'documents',
  {
    summary:
      'Upload a document image of a driver, company or vehicle (multipart/form-data) by the marketplace’s external_id; it replaces the earlier file of that document and shows at the review desk.',
    input: documentRequestSchema,
    headers: postHeadersSchema,
    bodyTypes: ['multipart/form-data'],
    data: z.object({
      /** Cabdesk's id of the record the document is of. */
      id: int(),
      external_id: z.string(),
      document: z.enum(INTEGRATION_DOCUMENT_NAMES),
      /** True when the record had no file of this document before. */
      created: z.boolean(),
      expires_on: z.string().nullable(),
    }),
  },
);

// ---------------------------------------------------------------- import

/** The kinds of record `POST import` takes, each with the scope its rows need. */
export const IMPORT_KINDS = {
  people: 'people:write',
  vehicles: 'vehicles:write',
  trips: 'trips:write',
  payments: 'payments:write',
} as const satisfies Record<string, IntegrationScope>;
export type ImportKind = keyof typeof IMPORT_KINDS;

/** The rows an import answer lists as rejected; the rest are counted (`errors_not_listed`). */
export const IMPORT_ERRORS_LISTED = 20_000;

/** The largest file one import takes. */
export const IMPORT_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * `?import_id=`: the sender's id of an import sent in several requests (a
 * file in parts), which then share one summary and notification.
 */
export const IMPORT_ID_PATTERN = /^[\x21-\x7e]{1,100}$/;

const kindCountsSchema = z.object({ accepted: int(), rejected: int() });

const importReportSchema = z.object({
  accepted: int(),
  rejected: int(),
  /** The rejected rows, by their line in the file (a CSV's header is line 1), up to IMPORT_ERRORS_LISTED. */
  errors: z.array(
    z.object({
      line: int(),
      /** The row's kind, when it named one. */
      kind: z.string().nullable(),
      /** The row's external_id, when it has one. */
      external_id: z.string().nullable(),
      reasons: z.array(z.string()),
    }),
  ),
  /** Rejected rows beyond those listed. */
  errors_not_listed: int(),
  /** Accepted and rejected rows of each kind (a row naming no kind is only in the totals). */
  by_kind: z.object({
    people: kindCountsSchema,
    vehicles: kindCountsSchema,
    trips: kindCountsSchema,
    payments: kindCountsSchema,
  }),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const integrationImport = integrationArea('Import', PER_RECORD_SCOPE).post('import', {
  summary:
    'Import a file of records: NDJSON (application/x-ndjson, one {kind, ...} a line) or CSV (text/csv, a header row, a kind column or ?kind=). kind is people, vehicles, trips or payments, with the fields of their single call; each row needs its kind’s scope. Good rows are written (an upsert by external_id), bad ones reported by line. ?import_id= names an import sent in several requests (a file in parts), which then share one summary notification.',
  bodyTypes: ['application/x-ndjson', 'text/csv'],
  data: importReportSchema,
});

export const integrationImportByOwner = keyCalls.post('integration-import', {
  summary:
    'An Owner imports a file of records (NDJSON or CSV) through the same import as the integration API’s POST import, every kind allowed; audited.',
  bodyTypes: ['application/x-ndjson', 'text/csv'],
  data: importReportSchema,
});
