import {
  CASE_WORKERS,
  type NotificationKind,
  type NotificationText,
  type NotificationTextKey,
  type Role,
} from '@cabdesk/contract';
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
  text: NotificationText | null;
  link: string | null;
  created_at: string;
  /** The administrator whose action it announces: not echoed back to them live. */
  author_id: number | null;
  /** What it announces, which an administrator may mute (null: a kind no one can mute). */
  kind: NotificationKind | null;
  /** Web Push goes only to administrators of these roles; null: to every one. */
  push_roles: readonly Role[] | null;
};

export type NotificationInput = {
  /** What it announces (NOTIFICATION_KINDS): an administrator who muted it is not told. */
  kind?: NotificationKind | null;
  title: string;
  message: string;
  /** The title and message as parts, which the screens say in the reader's language. */
  text?: NotificationText | null;
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
  /** Only administrators of these roles get it as a Web Push (the bell still tells everyone). */
  pushRoles?: readonly Role[] | null;
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
      text: input.text ?? null,
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
    text: row.text,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    author_id: input.authorId ?? null,
    kind: input.kind ?? null,
    push_roles: input.pushRoles ?? null,
  };
  // Payloads are capped at 8000 bytes: the texts are short, but cut them to be sure.
  // Parts too long to travel go without them: the screens then show the English texts.
  const payload = JSON.stringify({
    ...live,
    title: live.title.slice(0, 500),
    message: live.message.slice(0, 2000),
    text: JSON.stringify(live.text).length > 3000 ? null : live.text,
  });
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`);
  return live;
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

/** A text's parts: its key in the screens' catalogues and the values that fill it (none left empty). */
function partsOf(
  key: NotificationTextKey,
  values: Record<string, NotificationText['values'][string] | null | undefined>,
): NotificationText {
  const given = Object.entries(values).filter(
    (entry): entry is [string, NotificationText['values'][string]] =>
      entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
  );
  return { key, values: Object.fromEntries(given) };
}

/** ": the reason." or "." — a reason's own closing mark is kept. */
const reasonSuffix = (reason: string | null) =>
  `${reason ? `: ${reason}` : ''}${/[.!?]$/.test(reason ?? '') ? '' : '.'}`;

/** The records a bulk action or an import changed, singular and plural. */
const RECORD_NOUNS = {
  drivers: ['driver', 'drivers'],
  companies: ['company', 'companies'],
  vehicles: ['vehicle', 'vehicles'],
  passengers: ['passenger', 'passengers'],
  accounts: ['account', 'accounts'],
} as const;
export type RecordNoun = keyof typeof RECORD_NOUNS;

const countOf = (n: number, noun: RecordNoun | 'rows') => {
  const [one, many] = noun === 'rows' ? ['row', 'rows'] : RECORD_NOUNS[noun];
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
};

/**
 * The texts of the marketplace events an operator should see, one place for
 * every writer (API, seed, simulator). Each links to its record's screen,
 * and carries its parts (`text`: a key of the web app's `notificationTexts`
 * and its values), which the screens say in the reader's language.
 */
export const notificationFor = {
  companyRegistered: (c: { id: number; companyName: string; email: string }) => ({
    kind: 'company_registered' as const,
    title: 'New company registration',
    message: `${c.companyName} (${c.email}) signed up and is waiting for approval.`,
    text: partsOf('companyRegistered', { company: c.companyName, email: c.email }),
    link: `/company-detail/${c.id}`,
  }),
  driverRegistered: (d: { id: number; name: string; companyName: string | null }) => ({
    kind: 'driver_registered' as const,
    title: 'New driver registration',
    message: d.companyName
      ? `${d.name} registered as a driver with ${d.companyName} and is waiting for approval.`
      : `${d.name} registered as a driver and is waiting for approval.`,
    text: d.companyName
      ? partsOf('driverRegisteredWithCompany', { name: d.name, company: d.companyName })
      : partsOf('driverRegistered', { name: d.name }),
    link: `/driver-detail/${d.id}`,
  }),
  vehicleRegistered: (v: { id: number; label: string; companyName: string }) => ({
    kind: 'vehicle_registered' as const,
    title: 'Vehicle awaiting approval',
    message: `${v.companyName} added a ${v.label}; it is waiting for approval.`,
    text: partsOf('vehicleRegistered', { company: v.companyName, vehicle: v.label }),
    link: `/vehicle-detail/${v.id}`,
  }),
  passengerJoined: (p: { id: number; name: string }) => ({
    kind: 'passenger_joined' as const,
    title: 'New passenger',
    message: `${p.name} created a passenger account.`,
    text: partsOf('passengerJoined', { name: p.name }),
    link: `/user-detail/${p.id}`,
  }),
  tripCancelled: (r: { id: number; pickup?: string | null; reason: string | null }) => ({
    kind: 'trip_cancelled' as const,
    title: 'Trip cancelled',
    message: `Trip #${r.id}${r.pickup ? ` from ${r.pickup}` : ''} was cancelled: ${r.reason?.trim() || 'no reason given'}.`,
    text: partsOf(r.pickup ? 'tripCancelledFrom' : 'tripCancelled', {
      trip: r.id,
      pickup: r.pickup,
      cancelReason: r.reason?.trim(),
    }),
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
    message: `${d.name} was ${d.approval.toLowerCase()} by ${d.by}${reasonSuffix(d.reason)}`,
    text: partsOf(
      `approvalDecided.${d.kind}.${d.approval === 'Approved' ? 'approved' : 'rejected'}`,
      {
        name: d.name,
        by: d.by,
        reason: d.reason,
      },
    ),
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
    text: partsOf('decisionUndone', { name: d.name, by: d.by }),
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
    // `count` is the documents' (its plural), `days` the days left.
    const values = one
      ? { document: one.document, name: one.name, date: one.expiresOn, days: d.days }
      : {
          count: d.total,
          named: d.named.map(({ name, document }) => ({ name, document })),
          more: d.total - d.named.length,
          days: d.days,
        };
    if (d.days <= 0) {
      return {
        kind: 'documents_due' as const,
        title: one ? 'Document expired' : `${d.total} documents expired`,
        message: `${one ? `${what} expired on ${one.expiresOn}.` : `Expired: ${listOf(d.named, d.total)}.`} Drivers and vehicles with an expired document are Inactive until it is renewed.`,
        text: partsOf(one ? 'documentExpired' : 'documentsExpired', values),
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
      text: partsOf(one ? 'documentExpires' : 'documentsExpire', values),
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
    /** What was changed: drivers, companies, passengers, accounts (people of several roles), vehicles. */
    records: RecordNoun;
    done: 'approved' | 'rejected' | 'activated' | 'deactivated';
    reason: string | null;
    by: string;
    auditLink: string;
  }) => {
    const what = countOf(b.count, b.records);
    return {
      kind: 'bulk_done' as const,
      title: `${what[0]!.toUpperCase()}${what.slice(1)} ${b.done}`,
      message: `${what} ${b.count === 1 ? 'was' : 'were'} ${b.done} by ${b.by} in one bulk action${reasonSuffix(b.reason)}`,
      text: partsOf(`bulkDone.${b.done}`, {
        count: b.count,
        records: b.records,
        by: b.by,
        reason: b.reason,
      }),
      link: b.auditLink,
    };
  },
  /**
   * An import's one notification: what its rows registered and how many
   * it rejected ("1,204 drivers and 12 companies imported, 3 rows
   * rejected"), linking to the review desk when some wait for approval.
   */
  recordsImported: (i: {
    companies: number;
    drivers: number;
    passengers: number;
    vehicles: number;
    rejected: number;
  }) => {
    const made = (['drivers', 'companies', 'vehicles', 'passengers'] as const)
      .filter((noun) => i[noun] > 0)
      .map((noun) => countOf(i[noun], noun));
    const list =
      made.length > 1 ? `${made.slice(0, -1).join(', ')} and ${made.at(-1)}` : (made[0] ?? '');
    const waiting = i.drivers + i.companies + i.vehicles;
    return {
      kind: 'records_imported' as const,
      title: 'Records imported',
      message:
        `${list} imported, ${countOf(i.rejected, 'rows')} rejected.` +
        (waiting > 0 ? ' The drivers, companies and vehicles wait for approval.' : ''),
      text: partsOf(waiting > 0 ? 'recordsImportedToReview' : 'recordsImported', {
        drivers: i.drivers,
        companies: i.companies,
        vehicles: i.vehicles,
        passengers: i.passengers,
        rejected: i.rejected,
      }),
      link: waiting > 0 ? '/review' : null,
    };
  },
  /** The deliverer gave up on an endpoint after a day of failed deliveries. */
  webhookDisabled: (w: { id: number; url: string; lastError: string }) => ({
    kind: 'webhook_disabled' as const,
    title: 'Webhook disabled',
    message: `Every delivery to ${w.url} failed for a day (last: ${w.lastError}), so it was disabled. Fix the endpoint, then enable it in Settings -> Webhooks; the failed deliveries can be sent again from the delivery log.`,
    text: partsOf('webhookDisabled', { url: w.url, error: w.lastError }),
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
    text: partsOf(`tripStuck.${a.kind}`, {
      trip: a.rideId,
      pickup: a.pickup,
      driver: a.driver,
      count: a.minutes,
    }),
    link: `/trip-detail/${a.rideId}`,
  }),
  /** An SOS: told to every administrator at once, and pushed to those who work cases. */
  sosPressed: (s: { caseId: number; who: string | null; rideId: number | null }) => ({
    pushRoles: CASE_WORKERS,
    title: 'SOS',
    message: `${s.who ?? 'Someone'} pressed SOS${s.rideId ? ` on trip #${s.rideId}` : ''}. Acknowledge it at the case desk.`,
    text: partsOf(s.rideId ? 'sosPressedOnTrip' : 'sosPressed', { who: s.who, trip: s.rideId }),
    link: `/cases/${s.caseId}`,
  }),
  /** An SOS nobody acknowledged in time: told once to each Owner. */
  sosNotAcknowledged: (s: { caseId: number; rideId: number | null; minutes: number }) => ({
    title: 'SOS not acknowledged',
    message: `Nobody has acknowledged SOS case #${s.caseId}${s.rideId ? ` (trip #${s.rideId})` : ''} in ${s.minutes} minutes.`,
    text: partsOf(s.rideId ? 'sosNotAcknowledgedOnTrip' : 'sosNotAcknowledged', {
      case: s.caseId,
      trip: s.rideId,
      count: s.minutes,
    }),
    link: `/cases/${s.caseId}`,
  }),
  resetCodeGuessed: (email: string, tries: number) => ({
    kind: 'reset_code_guessed' as const,
    title: 'Password reset code guessed at',
    message: `Someone entered ${tries} wrong password reset codes for ${email}. The next code for this address waits twice as long as the last.`,
    text: partsOf('resetCodeGuessed', { email, count: tries }),
    link: null,
  }),
} satisfies Record<string, (...record: never[]) => Omit<NotificationInput, 'adminId' | 'authorId'>>;
