import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  integrationCases,
  integrationKeyCreate,
  login,
  logout,
  pushPublicKey,
  rideCancel,
  urlOf,
  type Role,
} from '@cabdesk/contract';
import { eq, isNotNull, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { adminSessions } from '../../db/schema';
import { createRide, createUser } from '../../../test/builders';
import {
  ADMIN,
  bearer,
  buildTestApp,
  callApi,
  createAdmin,
  signIn,
  type TestEnv,
} from '../../../test/helper';
import type { NotificationOptions } from './hub';
import { loadVapidKeys } from './push';

type Received = { url: string; headers: IncomingHttpHeaders; body: Buffer };

/** A push service on loopback, over HTTPS with its own certificate (web-push speaks only HTTPS). */
const dir = mkdtempSync(join(tmpdir(), 'cabdesk-push-'));
let server: ReturnType<typeof createServer>;
let ca: Buffer;
let port: number;
let origin: string;
const received: Received[] = [];
let answer = 201;
/** TCP connections the push service accepted, TLS or not. */
let connections = 0;

beforeAll(async () => {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  server.on('connection', () => connections++);
  // Every loopback address, IPv4 and IPv6: a connection by any route is counted.
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('push service not listening');
  port = address.port;
  origin = `https://127.0.0.1:${port}`;
  // The app trusts exactly this certificate, as it would a real push service's CA.
  ca = readFileSync(cert);
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** What a test needs to push to the loopback service: production never sets either. */
const loopbackPushService = (): NotificationOptions => ({
  pushCa: ca,
  allowPrivatePushHosts: true,
});

/**
 * An API instance over a fresh database with its administrator, pushing with
 * `notifications`; the push service answers 201 and has received nothing.
 */
async function pushingApp(notifications?: NotificationOptions, env: TestEnv = {}) {
  received.length = 0;
  answer = 201;
  const { app: plain, database, config } = await buildTestApp(env);
  // Its hub would race for the push with other settings.
  await plain.close();
  await createAdmin(database);
  await createAdmin(database, CANCELLER);
  const app = await buildApp({ config, database, notifications });
  onTestFinished(() => app.close());
  return { app, database, config };
}

const REASON = 'Found another ride';

/** Another administrator, who cancels the trips: their own action is not pushed back to them. */
const CANCELLER = { email: 'canceller@cabdesk.test', password: 'cancels the trips' };

/**
 * Cancels a trip (by default as CANCELLER): a notification for every
 * administrator, pushed to their browsers but not to the canceller's.
 */
async function cancelTrip(app: App, database: Database, token?: string) {
  const ride = await createRide(database, { rideStatus: 'Pending' });
  const res = await app.inject({
    method: 'POST',
    url: urlOf(rideCancel),
    headers: bearer(token ?? (await signIn(app, CANCELLER))),
    payload: { ride_id: ride.id, reason: REASON },
  });
  expect(res.statusCode).toBe(200);
  return ride;
}

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function browserSubscription(path: string, at = origin) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${at}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 (aes128gcm) decryption, as the browser does it. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const prkKey = hmac(auth, shared);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ecdh.getPublicKey(),
    senderKey,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([
    decipher.update(cipher.subarray(0, cipher.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function signInWith(app: App, deviceToken: string, credentials = ADMIN) {
  const res = await app.inject({
    method: 'POST',
    url: urlOf(login),
    payload: { ...credentials, user_type: 'Admin', device_token: deviceToken, device_type: 'Web' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}

describe('Web Push', () => {
  it('generates the VAPID keys once into DATA_DIR, readable by the owner only, and serves the public key', async () => {
    const { app, config } = await buildTestApp();
    const file = join(config.dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(config)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    const res = await app.inject({ url: urlOf(pushPublicKey) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.public_key).toBe(loadVapidKeys(config).publicKey);
  });

  it('uses the VAPID keys of the environment when given', async () => {
    const keys = webpush.generateVAPIDKeys();
    const { app, config } = await buildTestApp({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect((await app.inject({ url: urlOf(pushPublicKey) })).json().data.public_key).toBe(
      keys.publicKey,
    );
    expect(() => statSync(join(config.dataDir, 'vapid-keys.json'))).toThrow();
  });

  it('refuses half a VAPID key pair or a bad subject at start-up', () => {
    const { publicKey } = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', VAPID_SUBJECT: 'ops@cabdesk.test' })).toThrow(
      /VAPID_SUBJECT: must start with mailto: or https:/,
    );
  });

  it('a new notification reaches the subscribed browser once, encrypted, signed with VAPID', async () => {
    const {
      app: first,
      database,
      config,
    } = await pushingApp(loopbackPushService(), {
      VAPID_SUBJECT: 'mailto:ops@cabdesk.test',
    });
    // Two API instances hear the same event; only one of them may push it.
    const second = await buildApp({ config, database, notifications: loopbackPushService() });
    onTestFinished(() => second.close());
    const browser = browserSubscription('/push/browser-1');
    await signInWith(first, JSON.stringify(browser.subscription));
    // A session without a Web Push subscription (an opaque token) is skipped.
    await signInWith(first, 'not-a-web-push-subscription');

    const ride = await cancelTrip(first, database);
    await expect.poll(() => received.length).toBe(1);
    await first.notificationHub.settled();
    await second.notificationHub.settled();
    expect(received).toHaveLength(1);

    const push = received[0]!;
    expect(push.url).toBe('/push/browser-1');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('3600');
    const publicKey = first.notificationHub.push.publicKey;
    const authorization = String(push.headers.authorization);
    expect(authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    const jwt = authorization.slice('vapid t='.length).split(',')[0]!;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ aud: origin, sub: 'mailto:ops@cabdesk.test' });

    const payload = JSON.parse(decrypt(push.body, browser.ecdh, browser.auth));
    expect(payload).toMatchObject({
      title: 'Trip cancelled',
      body: `Trip #${ride.id} was cancelled: ${REASON}.`,
      link: `/trip-detail/${ride.id}`,
    });
  });

  it('pushes only to live sessions: not to one idle too long, expired or signed out', async () => {
    const { app, database, config } = await pushingApp(loopbackPushService());
    const subscribed = (path: string) =>
      signInWith(app, JSON.stringify(browserSubscription(path).subscription));
    await subscribed('/push/live');
    await subscribed('/push/idle');
    await subscribed('/push/expired');
    const signedOut = await subscribed('/push/signed-out');
    const idleSeconds = config.session.idleMs / 1000;
    await database.rows(
      sql`update admin_sessions set last_seen_at = now() - make_interval(secs => ${idleSeconds + 60})
          where device_token like '%/push/idle"%'`,
    );
    await database.rows(
      sql`update admin_sessions set expires_at = now() - interval '1 second'
          where device_token like '%/push/expired"%'`,
    );
    await app.inject({ method: 'POST', url: urlOf(logout), headers: bearer(signedOut) });

    await cancelTrip(app, database);
    await expect.poll(() => received.length).toBe(1);
    await app.notificationHub.settled();
    expect(received.map((r) => r.url)).toEqual(['/push/live']);
  });

  it('never connects to a push endpoint on loopback or a private network, however it is spelt', async () => {
    // Production settings: no opt-in for private push hosts.
    const { app, database } = await pushingApp();
    const endpoints = [
      `https://127.0.0.1:${port}/push/loopback`,
      `https://localhost:${port}/push/named`,
      `https://[::1]:${port}/push/ipv6-loopback`,
      `https://[::ffff:127.0.0.1]:${port}/push/ipv4-mapped`,
      `https://10.0.0.1:${port}/push/private`,
    ];
    // Sign-in still succeeds with such a token (SPEC: the device token is only stored).
    for (const endpoint of endpoints) {
      const { subscription } = browserSubscription('', endpoint);
      await signInWith(app, JSON.stringify(subscription));
    }
    connections = 0;
    await cancelTrip(app, database);
    // Refused for good: such a subscription is forgotten, not tried again at every event.
    const kept = () =>
      database.db
        .select({ deviceToken: adminSessions.deviceToken })
        .from(adminSessions)
        .where(isNotNull(adminSessions.deviceToken));
    await expect.poll(kept).toEqual([]);
    await app.notificationHub.settled();
    expect(connections).toBe(0);
    expect(received).toEqual([]);
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const { app, database } = await pushingApp(loopbackPushService());
    answer = 410;
    const browser = browserSubscription('/push/gone');
    await signInWith(app, JSON.stringify(browser.subscription));
    await cancelTrip(app, database);
    await expect.poll(() => received.length).toBe(1);
    await app.notificationHub.settled();
    const sessions = await database.db
      .select({ deviceToken: adminSessions.deviceToken })
      .from(adminSessions)
      .where(eq(adminSessions.deviceToken, JSON.stringify(browser.subscription)));
    expect(sessions).toEqual([]);
  });

  it('pushes an SOS to every subscribed administrator who works cases, and to no one else', async () => {
    const { app, database } = await pushingApp(loopbackPushService());
    const owner = await signIn(app, ADMIN);
    const browsers = new Map<string, ReturnType<typeof browserSubscription>>();
    const subscribedAs = async (role: Role) => {
      const credentials = {
        email: `${role.toLowerCase()}@cabdesk.test`,
        password: 'a long passphrase',
      };
      await createAdmin(database, credentials, role);
      const browser = browserSubscription(`/push/${role}`);
      browsers.set(`/push/${role}`, browser);
      await signInWith(app, JSON.stringify(browser.subscription), credentials);
    };
    // The Owner (ADMIN) too, and one of each other role.
    const ownerBrowser = browserSubscription('/push/Owner');
    browsers.set('/push/Owner', ownerBrowser);
    await signInWith(app, JSON.stringify(ownerBrowser.subscription));
    for (const role of ['Operator', 'Support', 'Finance'] as const) await subscribedAs(role);

    const key = (
      await callApi(
        app,
        integrationKeyCreate,
        { name: 'Marketplace', scopes: ['cases:write'] },
        bearer(owner),
      )
    ).body.data.key as string;
    await createUser(database, { externalId: 'u-sos', name: 'Rosa Diaz' });
    const sent = await callApi(
      app,
      integrationCases,
      {
        external_id: 'sos-push',
        kind: 'sos',
        reporter_external_id: 'u-sos',
        at: new Date(Date.now() - 60_000).toISOString(),
      },
      bearer(key),
    );
    expect(sent.statusCode).toBe(200);
    const caseId = sent.body.data.id as number;

    await expect.poll(() => received.length).toBe(3);
    await app.notificationHub.settled();
    expect(received.map((r) => r.url).sort()).toEqual([
      '/push/Operator',
      '/push/Owner',
      '/push/Support',
    ]);
    for (const push of received) {
      const browser = browsers.get(push.url)!;
      expect(JSON.parse(decrypt(push.body, browser.ecdh, browser.auth))).toMatchObject({
        title: 'SOS',
        body: 'Rosa Diaz pressed SOS. Acknowledge it at the case desk.',
        link: `/cases/${caseId}`,
      });
    }
  });

  it("does not push an administrator's own action to their browser", async () => {
    const { app, database } = await pushingApp(loopbackPushService());
    const subscribed = (path: string, credentials = ADMIN) =>
      signInWith(app, JSON.stringify(browserSubscription(path).subscription), credentials);
    const author = await subscribed('/push/author');
    await subscribed('/push/other', CANCELLER);
    await cancelTrip(app, database, author);
    await expect.poll(() => received.length).toBe(1);
    await app.notificationHub.settled();
    expect(received.map((r) => r.url)).toEqual(['/push/other']);
  });
});
