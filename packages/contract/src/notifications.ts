import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { PG_INTEGER_MAX, wholeNumber } from './envelope';

/** A document named in a notification: whose, and which (its type's code, e.g. `driver_licence`). */
const namedDocumentSchema = z.object({ name: z.string(), document: z.string() });

/**
 * What a notification says, as parts: `key` names its text (the screens'
 * catalogues hold it in each language, `notificationTexts.<key>`) and
 * `values` fill it (names, counts, days, codes). The English `title` and
 * `message` say the same for whatever cannot translate (a push, an older
 * client); null for notifications stored before their texts had parts.
 */
export const notificationTextSchema = z.object({
  /** One of NOTIFICATION_TEXT_KEYS from this version; a screen shows the English of any other. */
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.array(namedDocumentSchema)])),
});
export type NotificationText = z.infer<typeof notificationTextSchema>;

/**
 * Every text a notification can have, by its key. The plural of each text
 * follows its value `count` (days, minutes, records...).
 */
export const NOTIFICATION_TEXT_KEYS = [
  'companyRegistered',
  'driverRegistered',
  'driverRegisteredWithCompany',
  'vehicleRegistered',
  'passengerJoined',
  'tripCancelled',
  'tripCancelledFrom',
  'approvalDecided.company.approved',
  'approvalDecided.company.rejected',
  'approvalDecided.driver.approved',
  'approvalDecided.driver.rejected',
  'approvalDecided.vehicle.approved',
  'approvalDecided.vehicle.rejected',
  'decisionUndone',
  'documentExpired',
  'documentsExpired',
  'documentExpires',
  'documentsExpire',
  'bulkDone.approved',
  'bulkDone.rejected',
  'bulkDone.activated',
  'bulkDone.deactivated',
  'recordsImported',
  'recordsImportedToReview',
  'webhookDisabled',
  'tripStuck.waiting',
  'tripStuck.silent',
  'tripStuck.overdue',
  'resetCodeGuessed',
  'sosPressed',
  'sosPressedOnTrip',
  'sosNotAcknowledged',
  'sosNotAcknowledgedOnTrip',
] as const;
export type NotificationTextKey = (typeof NOTIFICATION_TEXT_KEYS)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  text: notificationTextSchema.nullable(),
  /** The screen of the record it is about, e.g. `/company-detail/12`; null when there is none. */
  link: z.string().nullable(),
  created_at: z.string(),
  /** When the signed-in administrator read it; null while unread (each admin reads for themself). */
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * The kinds of notification, each one event of the marketplace or the desk;
 * an administrator may mute any of them (notification-settings). A muted kind
 * neither toasts nor counts as unread, and stays in the list.
 */
export const NOTIFICATION_KINDS = [
  'company_registered',
  'driver_registered',
  'vehicle_registered',
  'passenger_joined',
  'trip_cancelled',
  'approval_decided',
  'decision_undone',
  'documents_due',
  'bulk_done',
  'webhook_disabled',
  'reset_code_guessed',
  'trip_stuck',
  'records_imported',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, {
  error: `Each muted kind must be one of ${NOTIFICATION_KINDS.join(', ')}.`,
});
export type NotificationKind = z.infer<typeof notificationKindSchema>;

const notificationSettingsSchema = z.object({
  /** The kinds this administrator muted. */
  muted_kinds: z.array(notificationKindSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** SPEC 3: the notification call answers `data.data`, an array, newest first. */
const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  /** Every unread notification of this admin, not only those listed. */
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const NOTIFICATION_MESSAGES = {
  markRead: 'Notification marked as read.',
  markAllRead: 'All notifications marked as read.',
  notFound: 'Notification not found.',
  pickOne: 'Send notification_id, or all: true to mark every notification read.',
  streamTicket: 'Notification stream ticket issued.',
  badTicket: 'The notification stream ticket is invalid, used or expired.',
  settings: 'Notification settings fetched successfully.',
  settingsSaved: 'Notification settings saved.',
} as const;

/** POST notification-read: one notification (`notification_id`) or every one (`all: true`). */
const notificationReadRequestSchema = z
  .object({
    notification_id: wholeNumber({
      min: 1,
      max: PG_INTEGER_MAX,
      notWhole: 'notification_id must be a whole number.',
    }).optional(),
    all: z.boolean({ error: 'all must be true or false.' }).optional(),
  })
  .refine((body) => (body.notification_id !== undefined) !== (body.all === true), {
    message: NOTIFICATION_MESSAGES.pickOne,
    path: ['notification_id'],
  });

const notificationAfterSchema = wholeNumber({
  min: 0,
  max: PG_INTEGER_MAX,
  notWhole: 'after must be a whole number.',
  tooLarge: 'after is out of range.',
});

const notificationStreamQuerySchema = z.object({
  /** Missing, unknown, spent or expired: 401, like a missing session elsewhere. */
  ticket: z.string().optional(),
  /** The newest id the client has: notifications after it are sent first (catch-up). */
  after: notificationAfterSchema.optional(),
});

/** EventSource sends the last id it saw when it reconnects: the same catch-up as `after`. */
const notificationStreamHeadersSchema = z.looseObject({
  'last-event-id': notificationAfterSchema.optional(),
});

/** The server-sent event names of the notification stream. */
export const NOTIFICATION_EVENTS = {
  notification: 'notification',
  ping: 'ping',
  /** The session ended (logout, expiry): the stream closes and should not reopen. */
  end: 'end',
  /** Records changed (RecordChanges, changes.ts): open lists refresh what they show. */
  changes: 'changes',
} as const;

/** What a Web Push message carries (JSON), read by the service worker. */
export type PushPayload = { id: number; title: string; body: string; link: string | null };

// ---------------------------------------------------------------- calls

const notificationsCalls = area('Notifications', EVERY_ROLE);

export const notificationList = notificationsCalls.get('notification', {
  summary: "The newest notifications and this administrator's unread count.",
  data: notificationListSchema,
});

export const notificationRead = notificationsCalls.post('notification-read', {
  summary: 'Mark one notification, or all, read for this administrator.',
  input: notificationReadRequestSchema,
  data: z.object({ unread_count: z.number().int() }),
});

export const notificationSettingsGet = notificationsCalls.get('notification-settings', {
  summary: 'The kinds of notification this administrator muted.',
  data: notificationSettingsSchema,
});

export const notificationSettingsUpdate = notificationsCalls.post('notification-settings-update', {
  summary:
    'Mute kinds of notification for this administrator: muted kinds neither toast nor count as unread, and stay in the list.',
  input: z.object({
    muted_kinds: z
      .array(notificationKindSchema, { error: 'muted_kinds must be a list of kinds.' })
      .max(NOTIFICATION_KINDS.length, 'muted_kinds lists each kind at most once.'),
  }),
  data: notificationSettingsSchema,
});

/**
 * A single-use ticket, valid `expires_in` seconds, that opens
 * notification-stream once: EventSource cannot send the bearer header, and
 * the bearer token never goes in a URL.
 */
export const notificationStreamTicket = notificationsCalls.post('notification-stream-ticket', {
  summary: 'A single-use ticket that opens the live notification stream once.',
  data: z.object({ ticket: z.string(), expires_in: z.number().int() }),
});

/**
 * Server-sent events (NOTIFICATION_EVENTS), not JSON. Reached without a
 * bearer token: the ticket is the credential.
 */
export const notificationStream = notificationsCalls.get('notification-stream', {
  summary: 'Live notifications as server-sent events; opened with a ticket, not a bearer token.',
  input: notificationStreamQuerySchema,
  headers: notificationStreamHeadersSchema,
  data: z.null(),
  stream: true,
  public: true,
});

/**
 * Outside the admin API: the login page needs it before any session exists,
 * and a public key is no secret. The VAPID application server key, base64url.
 */
export const pushPublicKey = notificationsCalls.get('/push-public-key', {
  summary: 'The Web Push (VAPID) public key.',
  data: z.object({ public_key: z.string() }),
  public: true,
});
