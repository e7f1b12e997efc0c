import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { WEBHOOK_EXCERPT_CHARS } from '@cabdesk/contract';
import { Webhook } from 'standardwebhooks';
import type { Database, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { notificationFor, notify } from '../../lib/notify';
import { WEBHOOK_CHANNEL } from '../../lib/outbox';
import { at } from '../../lib/rate-limit';
import { isoText, jsonOf, rowsOf } from '../../lib/sql';
import { publicOnlyLookup } from '../notifications';
import { allowedAddress, hostOf } from './targets';

/*
 * The deliverer (issue 44): sends the outbox's pending deliveries, signed as
 * the Standard Webhooks specification says, at least once and in order per
 * record, once across every instance. Each instance runs one; a delivery is
 * claimed by an UPDATE over `FOR UPDATE SKIP LOCKED` rows that pushes its due
 * time on by a lease, so two instances never claim the same one, and an
 * instance that dies while sending leaves it to be claimed again when the
 * lease ends. The HTTP request runs outside any transaction. Why our own
 * table and loop rather than a job queue: docs/decisions/016.
 */

/** Waits after the 1st, 2nd, ... failed attempt (Standard Webhooks' suggested schedule). */
const RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600];
/** A delivery is retried this long after its first attempt, then fails; an endpoint that failed this long is disabled. */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;
/** A claimed delivery is left to other instances if not done by then (longer than any attempt). */
const LEASE_MS = 60_000;
/** The answer is waited for this long. */
const TIMEOUT_MS = 10_000;
/** Deliveries claimed and sent at once: a round. */
const BATCH = 20;
/** Rounds sent at once while more are due: the next is claimed while one waits for answers. */
const ROUNDS_IN_FLIGHT = 4;
/** How often an idle deliverer looks for due retries (commits wake it at once). */
const POLL_MS = 5_000;

type Log = {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

export type DelivererOptions = {
  database: Database;
  /** WEBHOOK_ALLOW_LOOPBACK. */
  allowLoopback: boolean;
  log: Log;
  /** The time due dates and signatures read (tests move it on). */
  clock?: () => Date;
  pollMs?: number;
};

export type Deliverer = {
  /** Claims and sends what is due now; answers how many it attempted. */
  runOnce(): Promise<number>;
  /** Runs on every commit that queues a delivery, and every few seconds. */
  start(): Promise<void>;
  /** Stops and waits for the attempts in flight. */
  stop(): Promise<void>;
};

type Claimed = {
  id: number;
  attempts: number;
  /** null before its first attempt. */
  first_attempt_at: string | null;
  webhook_id: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  event_id: number;
  type: string;
  data: unknown;
  event_at: string;
};

/** An answer's code, its body's start, why it failed (null: it did not), how long it took. */
type Outcome = { code: number | null; error: string | null; ms: number; excerpt?: string | null };

/** Bytes of an answer's body read for its excerpt; the rest is drained unread. */
const EXCERPT_BYTES = WEBHOOK_EXCERPT_CHARS * 4;

/** The start of an answer's body as text, WEBHOOK_EXCERPT_CHARS at most; null when empty. */
const excerptOf = (bytes: Buffer) => {
  const text = new TextDecoder().decode(bytes).trim();
  return text === '' ? null : text.slice(0, WEBHOOK_EXCERPT_CHARS);
};

export function createDeliverer(options: DelivererOptions): Deliverer {
  const { database, log } = options;
  const clock = options.clock ?? (() => new Date());
  const allowed = allowedAddress(options.allowLoopback);
  // Names are resolved once per connection and every address checked (DNS rebinding).
  const lookup = publicOnlyLookup(undefined, allowed);
  const agents = {
    http: new HttpAgent({ keepAlive: true, lookup }),
    https: new HttpsAgent({ keepAlive: true, lookup }),
  };

  /**
   * Claims up to BATCH due deliveries, each the oldest pending of its record
   * for its endpoint. The due ones are read from their index without a sort
   * and each checked by one probe of the record index, so a claim stops at
   * BATCH whatever the backlog (an anti-join over the pending ones, planned
   * before the table's statistics know a bulk decision's thousands, read
   * them all against each other).
   */
  const claim = (now: Date) =>
    database.rows<Claimed>(sql`
      update webhook_deliveries d set next_attempt_at = ${at(new Date(now.getTime() + LEASE_MS))}
      from (
        select d2.id from webhook_deliveries d2
        where d2.status = 'pending' and d2.next_attempt_at <= ${at(now)}
          and d2.id = (
            select min(p.id) from webhook_deliveries p
            where p.webhook_id = d2.webhook_id and p.record_key = d2.record_key
              and p.status = 'pending')
          and exists (
            select 1 from webhooks w2, webhook_events e2
            where w2.id = d2.webhook_id and e2.id = d2.event_id
              and (w2.enabled or e2.webhook_id is not null))
        limit ${BATCH}
        for update of d2 skip locked
      ) c, webhooks w, webhook_events e
      where d.id = c.id and w.id = d.webhook_id and e.id = d.event_id
      returning d.id, d.attempts,
        ${isoText(sql`(select min(a.attempted_at) from webhook_attempts a where a.delivery_id = d.id)`)}
          as first_attempt_at,
        w.id as webhook_id, w.url, w.secret, w.previous_secret,
        ${isoText(sql`w.previous_secret_until`)} as previous_secret_until,
        e.id as event_id, e.type, e.data, ${isoText(sql`e.created_at`)} as event_at`);

  /** Signs and posts one delivery; never throws. */
  async function send(delivery: Claimed, now: Date): Promise<Outcome> {
    const body = JSON.stringify({
      type: delivery.type,
      timestamp: delivery.event_at,
      data: jsonOf(delivery.data),
    });
    const messageId = `msg_${delivery.event_id}`;
    // During a rotation's overlap both secrets sign: receivers with either verify.
    const secrets = [delivery.secret];
    if (
      delivery.previous_secret &&
      delivery.previous_secret_until &&
      new Date(delivery.previous_secret_until) > now
    ) {
      secrets.push(delivery.previous_secret);
    }
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Cabdesk-Webhooks/1',
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': secrets
        .map((secret) => new Webhook(secret).sign(messageId, now, body))
        .join(' '),
    };
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const url = new URL(delivery.url);
    const host = hostOf(url);
    if (isIP(host) !== 0 && !allowed(host)) {
      return { code: null, error: `${host} is not a public address`, ms: took() };
    }
    return new Promise<Outcome>((resolve) => {
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          agent: url.protocol === 'https:' ? agents.https : agents.http,
          timeout: TIMEOUT_MS,
        },
        (response: IncomingMessage) => {
          // The body's start is kept with the attempt; the rest drained so the connection can be reused.
          const start: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept >= EXCERPT_BYTES) return;
            start.push(chunk.subarray(0, EXCERPT_BYTES - kept));
            kept += Math.min(chunk.length, EXCERPT_BYTES - kept);
          });
          response.on('end', () => {
            const code = response.statusCode ?? null;
            const ok = code !== null && code >= 200 && code < 300;
            resolve({
              code,
              error: ok ? null : `answered ${code}`,
              ms: took(),
              excerpt: excerptOf(Buffer.concat(start)),
            });
          });
          response.on('error', (err) =>
            resolve({
              code: response.statusCode ?? null,
              error: err.message,
              ms: took(),
              excerpt: excerptOf(Buffer.concat(start)),
            }),
          );
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
      request.on('error', (err) => resolve({ code: null, error: err.message, ms: took() }));
      request.end(body);
    });
  }

  /**
   * Writes a round's delivered ones at once, in one statement: their
   * attempts, their deliveries delivered, and their endpoints no longer
   * failing: one statement for the round rather than a transaction each.
   */
  async function recordDelivered(done: { delivery: Claimed; outcome: Outcome }[], now: Date) {
    if (done.length === 0) return;
    const rows = JSON.stringify(
      done.map(({ delivery, outcome }) => ({
        id: delivery.id,
        webhook_id: delivery.webhook_id,
        attempts: delivery.attempts + 1,
        code: outcome.code,
        ms: outcome.ms,
        excerpt: outcome.excerpt ?? null,
      })),
    );
    await database.db.execute(sql`
      with done as (
        select * from jsonb_to_recordset(${rows}::jsonb)
          as d(id bigint, webhook_id int, attempts int, code int, ms int, excerpt text)
      ), attempts as (
        insert into webhook_attempts (delivery_id, attempted_at, response_code, duration_ms,
          response_excerpt)
        select id, ${at(now)}, code, ms, excerpt from done
      ), delivered as (
        update webhook_deliveries w set status = 'delivered', attempts = done.attempts,
          response_code = done.code, duration_ms = done.ms, last_error = null,
          last_attempt_at = ${at(now)}, delivered_at = ${at(now)}
        from done where w.id = done.id
      )
      update webhooks set failing_since = null
      where id in (select webhook_id from done) and failing_since is not null`);
  }

  /** Writes a failed attempt and what follows from it (a retry, or giving up), in one transaction. */
  async function recordFailed(delivery: Claimed, outcome: Outcome, now: Date) {
    const attempts = delivery.attempts + 1;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into webhook_attempts (delivery_id, attempted_at, response_code, duration_ms, error,
          response_excerpt)
        values (${delivery.id}, ${at(now)}, ${outcome.code}, ${outcome.ms}, ${outcome.error},
          ${outcome.excerpt ?? null})`);
      // A day from its first attempt (a redelivery of an old one gets one attempt).
      const deadline = new Date(delivery.first_attempt_at ?? now).getTime() + RETRY_WINDOW_MS;
      const delay = RETRY_DELAYS_S[Math.min(attempts, RETRY_DELAYS_S.length) - 1]! * 1000;
      const giveUp = now.getTime() >= deadline;
      const next = new Date(Math.min(now.getTime() + delay, deadline));
      await tx.execute(sql`
        update webhook_deliveries set status = ${giveUp ? 'failed' : 'pending'},
          attempts = ${attempts}, response_code = ${outcome.code}, duration_ms = ${outcome.ms},
          last_error = ${outcome.error}, last_attempt_at = ${at(now)}, next_attempt_at = ${at(next)}
        where id = ${delivery.id}`);
      await failing(tx, delivery, outcome.error ?? 'failed', now);
    });
  }

  /** Counts a failure against the endpoint; a day of them disables it and tells the Owners. */
  async function failing(tx: Tx, delivery: Claimed, error: string, now: Date) {
    const [endpoint] = await rowsOf<{ enabled: boolean; failing_since: string }>(
      tx,
      sql`update webhooks set failing_since = coalesce(failing_since, ${at(now)})
          where id = ${delivery.webhook_id}
          returning enabled, ${isoText(sql`failing_since`)} as failing_since`,
    );
    if (!endpoint?.enabled) return;
    if (now.getTime() - new Date(endpoint.failing_since).getTime() < RETRY_WINDOW_MS) return;
    const reason = `Every delivery failed for a day (last: ${error}).`;
    await tx.execute(sql`update webhooks set enabled = false, disabled_reason = ${reason},
      updated_at = now() where id = ${delivery.webhook_id}`);
    await audit(
      tx,
      { ip: null },
      {
        action: 'webhook_disabled',
        tableName: 'webhooks',
        recordId: delivery.webhook_id,
        before: { enabled: true },
        after: { enabled: false, disabled_reason: reason },
      },
    );
    const owners = await rowsOf<{ id: number }>(
      tx,
      sql`select id from admins where role = 'Owner' and status = 'Active'`,
    );
    const text = notificationFor.webhookDisabled({
      id: delivery.webhook_id,
      url: delivery.url,
      lastError: error,
    });
    for (const owner of owners) await notify(tx, { ...text, adminId: owner.id });
    log.warn({ webhook: delivery.webhook_id }, 'webhook disabled after a day of failures');
  }

  /** Sends a claimed round at once and records how each went. */
  async function deliver(claimed: Claimed[], now: Date) {
    const sent = await Promise.all(
      claimed.map(async (delivery) => ({ delivery, outcome: await send(delivery, now) })),
    );
    await recordDelivered(
      sent.filter((s) => s.outcome.error === null),
      now,
    );
    await Promise.all(
      sent
        .filter((s) => s.outcome.error !== null)
        .map(({ delivery, outcome }) => recordFailed(delivery, outcome, now)),
    );
  }

  async function runOnce() {
    const now = clock();
    const claimed = await claim(now);
    await deliver(claimed, now);
    return claimed.length;
  }

  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  /**
   * Claims rounds while whole ones are due, without waiting for a round's
   * answers before claiming the next: up to ROUNDS_IN_FLIGHT are sent at
   * once. Order per record holds all the same: a claimed delivery stays
   * pending until recorded, so the next claim skips its record's later ones.
   */
  async function drain() {
    const inFlight = new Set<Promise<void>>();
    try {
      while (!stopped) {
        const now = clock();
        const claimed = await claim(now);
        if (claimed.length === 0) break;
        const round: Promise<void> = deliver(claimed, now)
          .catch((err: unknown) => log.warn({ err }, 'webhook delivery round failed'))
          .finally(() => inFlight.delete(round));
        inFlight.add(round);
        if (claimed.length < BATCH) break;
        if (inFlight.size >= ROUNDS_IN_FLIGHT) await Promise.race(inFlight);
      }
    } finally {
      await Promise.all(inFlight);
    }
  }

  /** Runs until nothing is due; a wake-up meanwhile runs it once more. */
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drain();
        } catch (err) {
          log.warn({ err }, 'webhook delivery round failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  return {
    runOnce,
    async start() {
      unlisten = await database.listen(WEBHOOK_CHANNEL, kick, kick);
      timer = setInterval(kick, options.pollMs ?? POLL_MS).unref();
      kick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      await running;
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
