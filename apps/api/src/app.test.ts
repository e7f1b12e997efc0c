import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { NOTIFICATION_EVENTS, notificationStream, rideList, urlOf } from '@cabdesk/contract';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  api,
  buildTestApp,
  createAdmin,
  downloadCsv,
  signedInApp,
  signIn,
  signUpload,
  TEST_UPLOAD_KEY,
} from '../test/helper';
import { listening, openSse, ticketFor } from '../test/sse';
import { buildApp } from './app';
import { OPENAPI_URL } from './plugins/api-reference';

describe('the server', () => {
  it('answers an unknown API route with a 404 envelope, signed in or not', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({ url: api('no-such-call') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: false,
      message: 'Route GET /taxi-service/admin/no-such-call not found.',
      data: null,
    });
  });

  it('hides the cause of an unexpected failure behind a generic 500', async () => {
    const { app } = await buildTestApp();
    app.get('/boom', { config: { public: true } }, async () => {
      throw new Error('secret database detail');
    });
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: false, message: 'Internal Server Error', data: null });
  });

  it('reports liveness and readiness', async () => {
    const { app } = await buildTestApp();
    expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ status: true });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('serving the web app', () => {
  async function appWithWeb() {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dist = mkdtempSync(join(tmpdir(), 'cabdesk-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const uploads = mkdtempSync(join(tmpdir(), 'cabdesk-uploads-'));
    mkdirSync(join(uploads, 'seed'));
    writeFileSync(join(uploads, 'seed', 'doc.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    return buildTestApp({
      WEB_DIST_DIR: dist,
      UPLOAD_DIR: uploads,
      UPLOAD_SIGNING_KEY: TEST_UPLOAD_KEY,
    });
  }

  it('answers client routes with index.html and caches hashed assets for a year', async () => {
    const { app } = await appWithWeb();
    for (const url of ['/', '/company-detail/12', '/trip?page=2']) {
      const page = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    // What curl asks (Accept: */*) gets the app too.
    const curled = await app.inject({ url: '/user', headers: { accept: '*/*' } });
    expect(curled.statusCode).toBe(200);
    expect(curled.body).toContain('<div id="root">');

    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const missing = await app.inject({ url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps API 404s as JSON even for a browser', async () => {
    const { app } = await appWithWeb();
    const res = await app.inject({ url: api('nope'), headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false });
  });

  it('serves uploaded images read-only, through signed URLs', async () => {
    const { app } = await appWithWeb();
    const url = signUpload('/uploads/seed/doc.svg', Math.floor(Date.now() / 1000) + 3600);
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    const write = await app.inject({ method: 'PUT', url, payload: 'x' });
    expect(write.statusCode).toBe(404);
    // A browser asking for an unsigned document gets the refusal, not the app's page.
    const page = await app.inject({
      url: '/uploads/seed/doc.svg',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(403);
    expect(page.json()).toMatchObject({ status: false });
  });
});

describe('compression', () => {
  /** A hashed asset as the web build leaves it: the file, and its brotli and gzip copies. */
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

  function builtWeb() {
    const dist = mkdtempSync(join(tmpdir(), 'cabdesk-dist-'));
    onTestFinished(() => rmSync(dist, { recursive: true, force: true }));
    mkdirSync(join(dist, 'assets'));
    const index = `<!doctype html><title>Cabdesk</title><div id="root"></div>`;
    writeFileSync(join(dist, 'index.html'), index);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    return { dist, index };
  }

  it('sends a hashed asset as brotli to a client that accepts it, gzip or as it is to others', async () => {
    const { dist } = builtWeb();
    const { app } = await buildTestApp({ WEB_DIST_DIR: dist });
    const url = '/assets/index-abc123.js';

    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await app.inject({ url, headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/accept-encoding/i);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.body).toBe(script);
    }
  });

  it('compresses JSON answers over 1 KiB, not the small ones nor CSV exports', async () => {
    const { app, token } = await signedInApp();
    const headers = { 'accept-encoding': 'br, gzip' };

    const reference = await app.inject({ url: OPENAPI_URL, headers });
    expect(reference.statusCode).toBe(200);
    expect(reference.headers['content-encoding']).toBe('br');
    expect(reference.headers['vary']).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(reference.rawPayload).toString());
    expect(document.openapi).toMatch(/^3\.1/);
    const gzipped = await app.inject({ url: OPENAPI_URL, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(document);
    const plain = await app.inject({ url: OPENAPI_URL });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(document);

    const small = await app.inject({ url: '/healthz', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: true });

    const csv = await downloadCsv(app, token, rideList, {}, headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.rows.length).toBeGreaterThan(0);
  });

  it('sends the notification stream as it is, event by event, to a client that accepts brotli', async () => {
    const { database, config } = await buildTestApp();
    await createAdmin(database);
    // A short keep-alive: each ping must arrive on its own, not held back by a compressor.
    const app = await buildApp({ config, database, notifications: { pingMs: 150 } });
    onTestFinished(() => app.close());
    const ticket = await ticketFor(app, await signIn(app));
    const stream = await openSse(
      `${await listening(app)}${urlOf(notificationStream)}?ticket=${ticket.ticket}`,
      { 'accept-encoding': 'br, gzip' },
    );
    onTestFinished(() => stream.close());
    expect(stream.status).toBe(200);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await stream.next((e) => e.event === NOTIFICATION_EVENTS.ping, 2000);
  });

  it('answers HEAD on a client route as GET, without the body', async () => {
    const { dist, index } = builtWeb();
    const { app } = await buildTestApp({ WEB_DIST_DIR: dist });
    for (const url of ['/login', '/rides', '/company-detail/12']) {
      const get = await app.inject({ url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-type']).toMatch(/^text\/html/);
      expect(head.headers['cache-control']).toBe('no-cache');
      expect(head.headers['content-length']).toBe(String(index.length));
      expect(head.body).toBe('');
      expect(get.body).toBe(index);
    }
    // A missing file is still missing, whatever the method.
    const missing = await app.inject({ method: 'HEAD', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
  });
});
