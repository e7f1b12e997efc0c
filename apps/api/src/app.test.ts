import { describe, expect, it } from 'vitest';
import { api, buildTestApp, signUpload, TEST_UPLOAD_KEY } from '../test/helper';

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
