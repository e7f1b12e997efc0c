import { z } from 'zod';
import { area, OWNER_ONLY } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema, wholeNumber } from './envelope';
import { int } from './vocabulary';

/**
 * Decisions out (issue 44): the events the marketplace learns through its
 * webhook endpoints (and, with an `events:read` key, the integration API's
 * feed). Each body is `{type, timestamp, data}`, signed as the Standard
 * Webhooks specification says.
 */
export const WEBHOOK_EVENT_TYPES = [
  'approval.decided',
  'status.changed',
  'record.deleted',
  'trip.cancelled',
  'coupon.changed',
  'faq.changed',
  'document.expiring',
  'document.expired',
  'payout.approved',
  'payout.paid',
  'payout.failed',
  'refund.requested',
  'refund.approved',
  'refund.rejected',
  'refund.withdrawn',
  'adjustment.approved',
  'case.status_changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of the event that "Send test event" sends to one endpoint. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** A delivery is pending (due, or being retried), delivered, or failed (retries ran out). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** How long the secret before a rotation still signs, beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/** The characters of an answer's body kept with its attempt. */
export const WEBHOOK_EXCERPT_CHARS = 500;

/** The most deliveries one redelivery takes (a page of the log at most). */
export const WEBHOOK_REDELIVER_MAX = 100;

export const WEBHOOK_MESSAGES = {
  listed: 'Webhooks fetched successfully.',
  created: 'Webhook created. Copy its secret now: it is not shown again.',
  updated: 'Webhook updated successfully.',
  deleted: 'Webhook deleted successfully.',
  tested: 'Test event queued.',
  rotated: 'Secret rotated. The old secret signs too for the next 24 hours.',
  deliveries: 'Webhook deliveries fetched successfully.',
  redelivered: 'Deliveries queued again.',
  missing: 'Webhook not found.',
  urlInvalid: 'Enter the https:// URL of the endpoint.',
  urlNotPublic: 'The endpoint must be a public https:// address.',
  eventsMissing: 'Choose at least one event.',
  eventUnknown: 'Unknown event type.',
  nothingToChange: 'Send url, events or enabled.',
  noDeliveries: 'None of these deliveries exists.',
  attempts: 'Delivery attempts fetched successfully.',
  deliveryMissing: 'Delivery not found.',
} as const;

const urlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .max(2000, 'The URL may be at most 2000 characters.')
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid }));

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), {
    error: WEBHOOK_MESSAGES.eventsMissing,
  })
  .min(1, WEBHOOK_MESSAGES.eventsMissing)
  .transform((events) => [...new Set(events)]);

const webhookSchema = z.object({
  id: int(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why Cabdesk disabled it (a day of failures); null when enabled or disabled by an Owner. */
  disabled_reason: z.string().nullable(),
  /** Until when the secret before the last rotation still signs; null when none does. */
  previous_secret_until: z.string().nullable(),
  /** Since when every attempt has failed; null while deliveries succeed. */
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** A secret, shown once: at creation and at rotation. */
const webhookSecretSchema = z.object({ id: int(), secret: z.string() });

const webhookIdSchema = z.object({ id: idSchema });

const webhookUpdateSchema = z
  .object({
    id: idSchema,
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false.' }).optional(),
  })
  .refine(
    (body) => body.url !== undefined || body.events !== undefined || body.enabled !== undefined,
    { message: WEBHOOK_MESSAGES.nothingToChange, path: ['url'] },
  );

/** A delivery's id: they outgrow PostgreSQL's integer, not JavaScript's safe integers. */
const deliveryIdSchema = wholeNumber({
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  notWhole: 'Must be a whole number.',
  tooSmall: 'Must be a positive number.',
  tooLarge: 'Is out of range.',
});

const deliverySchema = z.object({
  id: int(),
  webhook_id: int(),
  url: z.string(),
  event_id: int(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: int(),
  /** The last answer's HTTP status; null before any, or when none came. */
  response_code: int().nullable(),
  /** How long the last attempt took, in milliseconds. */
  duration_ms: int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  /** When it is tried next, while pending. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof deliverySchema>;

/** One attempt of a delivery, as it went. */
const attemptSchema = z.object({
  id: int(),
  attempted_at: z.string(),
  /** The answer's HTTP status; null when none came (refused, timed out). */
  response_code: int().nullable(),
  duration_ms: int(),
  /** Why it failed (`answered 500`, `connect ECONNREFUSED ...`); null when it succeeded. */
  error: z.string().nullable(),
  /** The start of the answer's body (WEBHOOK_EXCERPT_CHARS at most); null when none came. */
  response_excerpt: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof attemptSchema>;

const deliveryListQuerySchema = pageQuerySchema.omit({ search: true }).extend({
  webhook_id: optionalQuery(idSchema),
  status: optionalQuery(
    z.enum(WEBHOOK_DELIVERY_STATUSES, {
      error: 'status must be pending, delivered or failed.',
    }),
  ),
});
export type WebhookDeliveryListQuery = z.input<typeof deliveryListQuerySchema>;

// ---------------------------------------------------------------- calls

const webhookCalls = area('Webhooks', OWNER_ONLY);

export const webhookList = webhookCalls.get('webhook-list', {
  summary: 'Webhook endpoints, oldest first (never their secrets).',
  data: z.array(webhookSchema),
});

export const webhookCreate = webhookCalls.post('webhook-create', {
  summary:
    'Register an endpoint (public https only) for some event types; answers its `whsec_` secret, once.',
  input: z.object({ url: urlSchema, events: eventsSchema }),
  data: webhookSecretSchema,
});

export const webhookUpdate = webhookCalls.post('webhook-update', {
  summary: 'Change an endpoint’s URL, events or enabled; enabling it again clears its failures.',
  input: webhookUpdateSchema,
  data: webhookSchema,
});

export const webhookDelete = webhookCalls.post('webhook-delete', {
  summary: 'Delete an endpoint and its delivery log.',
  input: webhookIdSchema,
  data: z.object({ id: int() }),
});

export const webhookTest = webhookCalls.post('webhook-test', {
  summary: 'Queue a `webhook.test` event for this endpoint only.',
  input: webhookIdSchema,
  data: z.object({ delivery_id: int() }),
});

export const webhookRotateSecret = webhookCalls.post('webhook-rotate-secret', {
  summary:
    'A new secret; for 24 hours the old one signs too (two signatures in `webhook-signature`). Answers the new secret, once.',
  input: webhookIdSchema,
  data: webhookSecretSchema,
});

export const webhookDeliveryList = webhookCalls.get('webhook-delivery-list', {
  summary: 'The delivery log, newest first, paged; filtered by endpoint and status.',
  input: deliveryListQuerySchema,
  data: pagedSchema(deliverySchema),
});

export const webhookDeliveryAttempts = webhookCalls.get('webhook-delivery-attempts', {
  summary:
    'One delivery and each of its attempts, oldest first: when, the answer’s status, how long it took, the start of its body, the error.',
  input: z.object({ id: deliveryIdSchema }),
  data: z.object({ delivery: deliverySchema, attempts: z.array(attemptSchema) }),
});

export const webhookRedeliver = webhookCalls.post('webhook-redeliver', {
  summary: 'Send deliveries again (due now, whatever they answered before).',
  input: z.object({
    ids: z
      .array(deliveryIdSchema, { error: 'ids must be a list of delivery ids.' })
      .min(1, 'Choose at least one delivery.')
      .max(WEBHOOK_REDELIVER_MAX, `At most ${WEBHOOK_REDELIVER_MAX} deliveries at once.`),
  }),
  data: z.object({ queued: int() }),
});
