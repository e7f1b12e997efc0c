import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths, PUSH_PUBLIC_KEY_URL } from '@cabdesk/contract';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { adminSessions } from '../../db/schema';
import { createRide } from '../../../test/builders';
import { ADMIN, api, bearer, buildTestApp, createAdmin } from '../../../test/helper';
import { loadVapidKeys } from './push';

type Received = { url: string; headers: IncomingHttpHeaders; body: Buffer };

/** A push service on loopback, over HTTPS with its own certificate (web-push speaks only HTTPS). */
const dir = mkdtempSync(join(tmpdir(), 'cabdesk-push-'));
let server: ReturnType<typeof createServer>;
let agent: Agent;
let origin: string;
const received: Received[] = [];
let answer = 201;

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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('push service not listening');
  origin = `https://127.0.0.1:${address.port}`;
  // The app trusts exactly this certificate, as it would a real push service's CA.
  agent = new Agent({ ca: readFileSync(cert) });
});
afterAll(async () => {
  agent?.destroy();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${origin}${path}`,
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

async function signInWith(
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  deviceToken: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: api(paths.login),
    payload: { ...ADMIN, user_type: 'Admin', device_token: deviceToken, device_type: 'Web' },
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
    const res = await app.inject({ url: PUSH_PUBLIC_KEY_URL });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.public_key).toBe(loadVapidKeys(config).publicKey);
  });

  it('uses the VAPID keys of the environment when given', async () => {
    const keys = webpush.generateVAPIDKeys();
    const { app, config } = await buildTestApp({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect((await app.inject({ url: PUSH_PUBLIC_KEY_URL })).json().data.public_key).toBe(
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
    received.length = 0;
    answer = 201;
    const {
      app: plain,
      database,
      config,
    } = await buildTestApp({
      VAPID_SUBJECT: 'mailto:ops@cabdesk.test',
    });
    // Its hub would race for the push without trusting the loopback certificate.
    await plain.close();
    await createAdmin(database);
    // Two API instances hear the same event; only one of them may push it.
    const first = await buildApp({ config, database, notifications: { pushAgent: agent } });
    const second = await buildApp({ config, database, notifications: { pushAgent: agent } });
    try {
      const browser = browserSubscription('/push/browser-1');
      const token = await signInWith(first, JSON.stringify(browser.subscription));
      // A session without a Web Push subscription (an opaque token) is skipped.
      await signInWith(first, 'not-a-web-push-subscription');

      const ride = await createRide(database, { rideStatus: 'Pending' });
      const res = await first.inject({
        method: 'POST',
        url: api(paths.rideCancel),
        headers: bearer(token),
        payload: { ride_id: ride.id, reason: 'Found another ride' },
      });
      expect(res.statusCode).toBe(200);
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
        body: `Trip #${ride.id} was cancelled: Found another ride.`,
        link: `/trip-detail/${ride.id}`,
      });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    received.length = 0;
    answer = 410;
    const { app: plain, database, config } = await buildTestApp();
    await plain.close();
    await createAdmin(database);
    const app = await buildApp({ config, database, notifications: { pushAgent: agent } });
    try {
      const browser = browserSubscription('/push/gone');
      const token = await signInWith(app, JSON.stringify(browser.subscription));
      const ride = await createRide(database, { rideStatus: 'Accept' });
      await app.inject({
        method: 'POST',
        url: api(paths.rideCancel),
        headers: bearer(token),
        payload: { ride_id: ride.id, reason: 'Changed my plans' },
      });
      await expect.poll(() => received.length).toBe(1);
      await app.notificationHub.settled();
      const sessions = await database.db
        .select({ deviceToken: adminSessions.deviceToken })
        .from(adminSessions)
        .where(eq(adminSessions.deviceToken, JSON.stringify(browser.subscription)));
      expect(sessions).toEqual([]);
    } finally {
      answer = 201;
      await app.close();
    }
  });
});
