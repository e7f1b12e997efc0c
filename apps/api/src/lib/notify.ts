import type { NotificationKind } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { notifications } from '../db/schema';

/*
 * The notification writer and its texts, shared by every module that announces
 * an event (auth, records, rides, documents) and by the seed and the simulator.
 * It is a leaf: it imports no module, so a caller never comes back round to
 * itself through the notifications module, whose hub needs auth (issue 43).
 */

/** The LISTEN/NOTIFY channel every API instance listens on. */
export const NOTIFICATION_CHANNEL = 'cabdesk_notifications';

/** What travels on the channel: the new row, so listeners need no query to show it. */
export type LiveNotification = {
  id: number;
  /** null: for every administrator. */
  admin_id: number | null;
  title: string;
  message: string;
  link: string | null;
  created_at: string;
  /** The administrator whose action it announces: not echoed back to them live. */
  author_id: number | null;
  /** What it announces, which an administrator may mute (null: a kind no one can mute). */
  kind: NotificationKind | null;
};

export type NotificationInput = {
  /** What it announces (NOTIFICATION_KINDS): an administrator who muted it is not told. */
  kind?: NotificationKind | null;
  title: string;
  message: string;
  /** The screen of the record, e.g. `/company-detail/12`. */
  link: string | null;
  /** Only this administrator sees it; omitted: everyone. */
  adminId?: number | null;
  /**
   * The administrator whose action it announces. It stays in their bell, read
   * for them, and their screens and browsers get no live toast or push of what
   * they just did.
   */
  authorId?: number | null;
};

/**
 * Records a notification inside the caller's transaction and announces it on
 * the channel. PostgreSQL (and PGlite) deliver the NOTIFY only when that
 * transaction commits, so a rolled-back event never reaches a screen or a
 * browser.
 */
export async function notify(tx: Tx | Db, input: NotificationInput): Promise<LiveNotification> {
  const [row] = await tx
    .insert(notifications)
    .values({
      kind: input.kind ?? null,
      authorId: input.authorId ?? null,
      title: input.title,
      message: input.message,
      link: input.link,
      adminId: input.adminId ?? null,
    })
    .returning();
  if (!row) throw new Error('notify: the notification was not stored');
  const live: LiveNotification = {
    id: row.id,
    admin_id: row.adminId,
    title: row.title,
    message: row.message,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    author_id: input.authorId ?? null,
    kind: input.kind ?? null,
  };
  // Payloads are capped at 8000 bytes: the texts are short, but cut them to be sure.
  const payload = JSON.stringify({
    ...live,
    title: live.title.slice(0, 500),
    message: live.message.slice(0, 2000),
  });
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`);
  return live;
}

/**
 * Records many notifications for everyone in two statements of the caller's
 * transaction (a batch import's registrations), each announced on the
 * channel as `notify` announces one.
 */
export async function notifyAll(tx: Tx, inputs: readonly NotificationInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const rows = inputs.map((input) => ({
    kind: input.kind ?? null,
    title: input.title,
    message: input.message,
    link: input.link,
    author_id: input.authorId ?? null,
  }));
  await tx.execute(
    sql`with made as (
          insert into notifications (kind, title, message, link, author_id)
          select kind, title, message, link, author_id
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as x(kind text, title text, message text, link text, author_id int)
          returning id, kind, title, message, link, created_at, author_id
        )
        select pg_notify(${NOTIFICATION_CHANNEL}, json_build_object(
          'id', id, 'admin_id', null, 'title', left(title, 500), 'message', left(message, 2000),
          'link', link,
          'created_at', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'author_id', author_id, 'kind', kind)::text)
        from made order by id`,
  );
}

/** A reviewed record's screen. */
const screenOf = (kind: 'company' | 'driver' | 'vehicle', id: number) => `/${kind}-detail/${id}`;

const DOCUMENT_NAMES: Record<string, string> = {
  business_licence: 'business licence',
  certificate_of_incorporation: 'certificate of incorporation',
  company_document: 'company document',
  driver_licence: 'driver licence',
  registration: 'registration',
  insurance: 'insurance',
};

type NamedDocument = {
  kind: 'company' | 'driver' | 'vehicle';
  id: number;
  name: string;
  document: string;
  expiresOn: string;
};

/** "Ann Lee (driver licence), ... and 9 more". */
const listOf = (named: NamedDocument[], total: number) =>
  named.map((d) => `${d.name} (${DOCUMENT_NAMES[d.document] ?? d.document})`).join(', ') +
  (total > named.length ? ` and ${total - named.length} more` : '');

/**
 * The texts of the marketplace events an operator should see, one place for
 * every writer (API, seed, simulator). Each links to its record's screen.
 */
export const notificationFor = {
  companyRegistered: (c: { id: number; companyName: string; email: string }) => ({
    kind: 'company_registered' as const,
    title: 'New company registration',
    message: `${c.companyName} (${c.email}) signed up and is waiting for approval.`,
    link: `/company-detail/${c.id}`,
  }),
  driverRegistered: (d: { id: number; name: string; companyName: string | null }) => ({
    kind: 'driver_registered' as const,
    title: 'New driver registration',
    message: d.companyName
      ? `${d.name} registered as a driver with ${d.companyName} and is waiting for approval.`
      : `${d.name} registered as a driver and is waiting for approval.`,
    link: `/driver-detail/${d.id}`,
  }),
  vehicleRegistered: (v: { id: number; label: string; companyName: string }) => ({
    kind: 'vehicle_registered' as const,
    title: 'Vehicle awaiting approval',
    message: `${v.companyName} added a ${v.label}; it is waiting for approval.`,
    link: `/vehicle-detail/${v.id}`,
  }),
  passengerJoined: (p: { id: number; name: string }) => ({
    kind: 'passenger_joined' as const,
    title: 'New passenger',
    message: `${p.name} created a passenger account.`,
    link: `/user-detail/${p.id}`,
  }),
  tripCancelled: (r: { id: number; pickup?: string | null; reason: string | null }) => ({
    kind: 'trip_cancelled' as const,
    title: 'Trip cancelled',
    message: `Trip #${r.id}${r.pickup ? ` from ${r.pickup}` : ''} was cancelled: ${r.reason?.trim() || 'no reason given'}.`,
    link: `/trip-detail/${r.id}`,
  }),
  /** A decision on a company, driver or vehicle, with its reason when one was given. */
  approvalDecided: (d: {
    kind: 'company' | 'driver' | 'vehicle';
    id: number;
    name: string;
    approval: 'Approved' | 'Rejected';
    reason: string | null;
    by: string;
  }) => ({
    kind: 'approval_decided' as const,
    title: `${d.kind[0]!.toUpperCase()}${d.kind.slice(1)} ${d.approval.toLowerCase()}`,
    message: `${d.name} was ${d.approval.toLowerCase()} by ${d.by}${d.reason ? `: ${d.reason}` : ''}${/[.!?]$/.test(d.reason ?? '') ? '' : '.'}`,
    link: screenOf(d.kind, d.id),
  }),
  decisionUndone: (d: {
    kind: 'company' | 'driver' | 'vehicle';
    id: number;
    name: string;
    by: string;
  }) => ({
    kind: 'decision_undone' as const,
    title: 'Decision undone',
    message: `${d.by} undid the decision on ${d.name}: it is Pending again.`,
    link: screenOf(d.kind, d.id),
  }),
  /**
   * Documents `days` before they stop being valid (0: today they did), named
   * up to a few; one notification for all of them.
   */
  documentsDue: (d: { days: number; total: number; named: NamedDocument[] }) => {
    const one = d.total === 1 ? d.named[0] : undefined;
    const what = one ? `The ${DOCUMENT_NAMES[one.document] ?? one.document} of ${one.name}` : '';
    const link = one
      ? screenOf(one.kind, one.id)
      : `/expiring-documents?within_days=${Math.max(d.days, 0)}`;
    if (d.days <= 0) {
      return {
        kind: 'documents_due' as const,
        title: one ? 'Document expired' : `${d.total} documents expired`,
        message: `${one ? `${what} expired on ${one.expiresOn}.` : `Expired: ${listOf(d.named, d.total)}.`} Drivers and vehicles with an expired document are Inactive until it is renewed.`,
        link,
      };
    }
    const inDays = `in ${d.days} ${d.days === 1 ? 'day' : 'days'}`;
    return {
      kind: 'documents_due' as const,
      title: one ? `Document expires ${inDays}` : `${d.total} documents expire ${inDays}`,
      message: one
        ? `${what} expires on ${one.expiresOn}.`
        : `Expiring ${inDays}: ${listOf(d.named, d.total)}.`,
      link,
    };
  },
  /**
   * A bulk action: one notification for all its records ("312 drivers
   * approved by Ann"), linking to the audit log of that administrator's
   * action that day.
   */
  bulkDone: (b: {
    count: number;
    /** Plural and singular of what was changed: drivers, companies, people, vehicles. */
    noun: [one: string, many: string];
    /** approved, rejected, activated, deactivated. */
    done: string;
    reason: string | null;
    by: string;
    auditLink: string;
  }) => {
    const what = `${b.count} ${b.count === 1 ? b.noun[0] : b.noun[1]}`;
    return {
      kind: 'bulk_done' as const,
      title: `${what[0]!.toUpperCase()}${what.slice(1)} ${b.done}`,
      message: `${what} ${b.count === 1 ? 'was' : 'were'} ${b.done} by ${b.by} in one bulk action${b.reason ? `: ${b.reason}` : ''}${/[.!?]$/.test(b.reason ?? '') ? '' : '.'}`,
      link: b.auditLink,
    };
  },
  /** The deliverer gave up on an endpoint after a day of failed deliveries. */
  webhookDisabled: (w: { id: number; url: string; lastError: string }) => ({
    kind: 'webhook_disabled' as const,
    title: 'Webhook disabled',
    message: `Every delivery to ${w.url} failed for a day (last: ${w.lastError}), so it was disabled. Fix the endpoint, then enable it in Settings -> Webhooks; the failed deliveries can be sent again from the delivery log.`,
    link: '/settings/webhooks',
  }),
  /** The live check found a trip waiting for a driver, or a driver on a trip gone quiet. */
  tripStuck: (a: {
    kind: 'waiting' | 'silent' | 'overdue';
    rideId: number;
    pickup: string;
    driver: string | null;
    minutes: number;
  }) => ({
    kind: 'trip_stuck' as const,
    title: {
      waiting: 'Trip waiting for a driver',
      silent: 'No position from a driver on a trip',
      overdue: 'Trip taking far longer than usual',
    }[a.kind],
    message: {
      waiting: `Trip #${a.rideId} from ${a.pickup} has waited ${a.minutes} minutes for a driver.`,
      silent: `${a.driver ?? 'The driver'} of trip #${a.rideId} has sent no position for ${a.minutes} minutes.`,
      overdue: `Trip #${a.rideId} from ${a.pickup} has been under way for ${a.minutes} minutes, far longer than usual for its distance.`,
    }[a.kind],
    link: `/trip-detail/${a.rideId}`,
  }),
  resetCodeGuessed: (email: string, tries: number) => ({
    kind: 'reset_code_guessed' as const,
    title: 'Password reset code guessed at',
    message: `Someone entered ${tries} wrong password reset codes for ${email}. The next code for this address waits twice as long as the last.`,
    link: null,
  }),
} satisfies Record<string, (...record: never[]) => Omit<NotificationInput, 'adminId' | 'authorId'>>;
