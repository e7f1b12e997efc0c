import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createUploadSigner,
  randomUploadName,
  SIGNED_URL_BUCKET_SECONDS,
  SIGNED_URL_LIFETIME_SECONDS,
} from './uploads';

const clock = (seconds: number) => ({ now: () => seconds * 1000 });

function signerAt(start: number) {
  const time = clock(start);
  return { time, signer: createUploadSigner(randomBytes(32), () => time.now()) };
}

const expOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('exp'));

describe('signed upload URLs', () => {
  it('turn stored paths into signed /uploads/ URLs, keep other servers, drop blanks', () => {
    const { signer } = signerAt(1_750_000_000);
    expect(signer.url('seed/profile-1.svg')).toMatch(
      /^\/uploads\/seed\/profile-1\.svg\?exp=\d+&sig=[\w-]{43}$/,
    );
    expect(signer.url('/seed/a b.svg')).toMatch(/^\/uploads\/seed\/a%20b\.svg\?exp=/);
    expect(signer.url('/uploads/x.svg')).toMatch(/^\/uploads\/x\.svg\?exp=/);
    expect(signer.url('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(signer.url('')).toBeNull();
    expect(signer.url(null)).toBeNull();
    expect(signer.urls(['a.svg', '', null])).toEqual([
      expect.stringMatching(/^\/uploads\/a\.svg\?/),
    ]);
  });

  it('live at least the lifetime, and keep one URL per image within an expiry step', () => {
    const start = 1_750_000_123;
    const { time, signer } = signerAt(start);
    const first = signer.url('seed/a.svg')!;
    const exp = expOf(first);
    expect(exp % SIGNED_URL_BUCKET_SECONDS).toBe(0);
    expect(exp - start).toBeGreaterThanOrEqual(SIGNED_URL_LIFETIME_SECONDS);
    expect(exp - start).toBeLessThanOrEqual(
      SIGNED_URL_LIFETIME_SECONDS + SIGNED_URL_BUCKET_SECONDS,
    );

    // Until the next step the same image has the same URL (the browser cache works)...
    const stepEnd = exp - SIGNED_URL_LIFETIME_SECONDS;
    time.now = () => stepEnd * 1000;
    expect(signer.url('seed/a.svg')).toBe(first);
    // ...then a new one, and the old one still has its time left.
    time.now = () => (stepEnd + 1) * 1000;
    expect(expOf(signer.url('seed/a.svg')!)).toBe(exp + SIGNED_URL_BUCKET_SECONDS);
    expect(signer.secondsLeft(first)).toBe(exp - stepEnd - 1);
  });

  it('check the signature of the path and expiry, and the time left', () => {
    const { time, signer } = signerAt(1_750_000_000);
    const url = signer.url('seed/doc.svg')!;
    const exp = expOf(url);
    expect(signer.secondsLeft(url)).toBe(exp - 1_750_000_000);

    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    const refused = [
      '/uploads/seed/doc.svg',
      url.replace(sig, flipped),
      url.replace(sig, sig.slice(0, -1)),
      url.replace(`exp=${exp}`, `exp=${exp + 3600}`),
      url.replace('doc.svg', 'other.svg'),
      `${url}&exp=${exp}`,
      `${url}&x=1`,
      url.replace(`exp=${exp}`, `exp=${exp}.0`),
    ];
    for (const bad of refused) expect(signer.secondsLeft(bad), bad).toBeNull();

    // Another key signs another URL.
    expect(createUploadSigner(randomBytes(32)).secondsLeft(url)).toBeNull();

    // Expired at exp exactly.
    time.now = () => exp * 1000;
    expect(signer.secondsLeft(url)).toBeNull();
    time.now = () => (exp - 1) * 1000;
    expect(signer.secondsLeft(url)).toBe(1);
  });

  it('names new uploads with 128 random bits', () => {
    const names = new Set(Array.from({ length: 1000 }, () => randomUploadName('svg')));
    expect(names.size).toBe(1000);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}\.svg$/);
  });
});
