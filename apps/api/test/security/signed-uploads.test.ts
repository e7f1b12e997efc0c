import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp, signUpload, TEST_UPLOAD_KEY } from '../helper';

const LICENCE = '<svg xmlns="http://www.w3.org/2000/svg"><text>DRIVER LICENCE</text></svg>';

/** An app whose upload directory holds a driver's licence under the old seeded name. */
async function appWithLicence() {
  const root = mkdtempSync(join(tmpdir(), 'cabdesk-signed-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const uploads = join(root, 'uploads');
  mkdirSync(join(uploads, 'seed'), { recursive: true });
  writeFileSync(join(uploads, 'seed', 'driver-licence-177.svg'), LICENCE);
  writeFileSync(join(uploads, 'seed', 'insurance-3.svg'), LICENCE);
  const { app } = await buildTestApp({ UPLOAD_DIR: uploads, UPLOAD_SIGNING_KEY: TEST_UPLOAD_KEY });
  return app;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const LICENCE_URL = '/uploads/seed/driver-licence-177.svg';

describe('uploaded documents', () => {
  it('are not served to anyone without a signed URL (the seeded licence included)', async () => {
    const app = await appWithLicence();
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url: LICENCE_URL });
      expect(res.statusCode, method).toBe(403);
      expect(res.body).not.toContain('DRIVER LICENCE');
    }
  });

  it('answer 403 to a tampered, expired, other-path or other-key signature', async () => {
    const app = await appWithLicence();
    const exp = nowSeconds() + 3600;
    const good = signUpload(LICENCE_URL, exp);
    const sig = new URL(good, 'http://x').searchParams.get('sig')!;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const refused = {
      tampered: good.replace(sig, flipped),
      truncated: good.replace(sig, sig.slice(0, 20)),
      'expiry moved': good.replace(`exp=${exp}`, `exp=${exp + 86_400}`),
      expired: signUpload(LICENCE_URL, nowSeconds() - 1),
      'signed for another path': signUpload('/uploads/seed/insurance-3.svg', exp).replace(
        '/uploads/seed/insurance-3.svg',
        LICENCE_URL,
      ),
      'another key': signUpload(LICENCE_URL, exp, '77'.repeat(32)),
      'extra parameter': `${good}&download=1`,
      'no signature': `${LICENCE_URL}?exp=${exp}`,
    };
    for (const [what, url] of Object.entries(refused)) {
      const res = await app.inject({ url });
      expect(res.statusCode, what).toBe(403);
      expect(res.json(), what).toEqual({
        status: false,
        message: 'This link to a file is not valid or has expired.',
        data: null,
      });
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('answer a signed URL with the image, cached privately no longer than the URL lives', async () => {
    const app = await appWithLicence();
    const sent = nowSeconds();
    const exp = sent + 1800;
    const res = await app.inject({ url: signUpload(LICENCE_URL, exp) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(LICENCE);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    const caching = /^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']));
    expect(caching, String(res.headers['cache-control'])).not.toBeNull();
    const maxAge = Number(caching![1]);
    // The time the URL had left when it was sent, at most.
    expect(maxAge).toBeLessThanOrEqual(exp - sent);
    expect(maxAge).toBeGreaterThan(1700);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );

    // A signed URL of a file that is not there: a 404 nobody caches.
    const missing = await app.inject({ url: signUpload('/uploads/seed/gone.svg', exp) });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
