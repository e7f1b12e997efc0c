import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { join } from 'node:path';
import type { PushPayload } from '@cabdesk/contract';
import webpush, { type PushSubscription, WebPushError } from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { LiveNotification } from '../../lib/notify';
import { claimPush, forgetSubscription, pushSubscriptions } from './notifications.repository';
import { NotPublicAddressError, PublicOnlyAgent } from './public-agent';

export type VapidKeys = { publicKey: string; privateKey: string };

const KEYS_FILE = 'vapid-keys.json';
const vapidFileSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/**
 * The VAPID key pair: from the environment, else the one stored in
 * DATA_DIR/vapid-keys.json, generated there on first use (readable by the
 * owner only). Subscriptions are bound to the public key, so it must not change.
 */
export function loadVapidKeys(config: Pick<Config, 'push' | 'dataDir'>): VapidKeys {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  const file = join(config.dataDir, KEYS_FILE);
  try {
    return vapidFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is not a VAPID key file: ${(err as Error).message}`);
    }
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': if another process wrote it first, theirs wins and is read back.
    writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return vapidFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  }
}

const subscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});

/** A stored device_token as a Web Push subscription; null for anything else. */
function parseSubscription(token: string): PushSubscription | null {
  try {
    const parsed = subscriptionSchema.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type Log = {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

export type PushSender = {
  publicKey: string;
  /** Sends a new notification to every subscribed browser, once across all instances. */
  deliver(notification: LiveNotification): Promise<{ sent: number; failed: number }>;
  /** Closes the connections kept open to push services. */
  close(): void;
};

export type PushServiceOptions = {
  /** Certificate authorities of the push service instead of the system's (tests on loopback). */
  pushCa?: string | Buffer;
  /**
   * Push to any address, loopback and private networks included. Only tests
   * set it, for a push service on loopback: anyone who signs in chooses the
   * endpoint, so without it the server would be theirs to aim (SSRF).
   */
  allowPrivatePushHosts?: boolean;
};

export function createPushSender(
  options: {
    config: Pick<Config, 'push' | 'dataDir' | 'session'>;
    database: Database;
    log: Log;
  } & PushServiceOptions,
): PushSender {
  const { config, database, log } = options;
  const tls = { keepAlive: true, ...(options.pushCa ? { ca: options.pushCa } : {}) };
  const agent = options.allowPrivatePushHosts ? new Agent(tls) : new PublicOnlyAgent(tls);
  const keys = loadVapidKeys(config);
  const vapidDetails = { subject: config.push.subject, ...keys };

  return {
    publicKey: keys.publicKey,
    async deliver(notification) {
      const claimed = await claimPush(database.db, notification.id);
      if (!claimed) return { sent: 0, failed: 0 };
      const payload: PushPayload = {
        id: notification.id,
        title: notification.title,
        body: notification.message,
        link: notification.link,
      };
      const tokens = await pushSubscriptions(database.db, notification, config.session);
      let sent = 0;
      let failed = 0;
      await Promise.all(
        tokens.map(async (token) => {
          const subscription = parseSubscription(token);
          if (!subscription) return;
          try {
            await webpush.sendNotification(subscription, JSON.stringify(payload), {
              vapidDetails,
              TTL: 3600,
              contentEncoding: 'aes128gcm',
              urgency: 'normal',
              timeout: 10_000,
              agent,
            });
            sent++;
          } catch (err) {
            failed++;
            const status = err instanceof WebPushError ? err.statusCode : undefined;
            if (status === 404 || status === 410) {
              await forgetSubscription(database.db, token);
              log.info({ status }, 'push subscription expired; forgotten');
            } else if (err instanceof NotPublicAddressError) {
              // No push service lives there: never try it again.
              await forgetSubscription(database.db, token);
              log.warn({ err: err.message }, 'push endpoint not on a public address; forgotten');
            } else {
              log.warn(
                { status, err: (err as Error).message },
                'push delivery failed (notification kept in the bell)',
              );
            }
          }
        }),
      );
      return { sent, failed };
    },
    close: () => agent.destroy(),
  };
}
