import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Where the API serves the upload directory (plugins/uploads.ts). */
export const UPLOADS_PREFIX = '/uploads/';

/** A signed URL works at least this long after the API answers it. */
export const SIGNED_URL_LIFETIME_SECONDS = 60 * 60;
/**
 * Expiries are rounded up to a multiple of this, so an image keeps one URL (and
 * the browser its cached copy) for up to 15 minutes; a URL then works between
 * 60 and 75 minutes.
 */
export const SIGNED_URL_BUCKET_SECONDS = 15 * 60;
/** The longest life a URL signed by this server can have. */
const LONGEST_LIFE_SECONDS = SIGNED_URL_LIFETIME_SECONDS + SIGNED_URL_BUCKET_SECONDS;
/** Signed URLs memoised per expiry: a page of 100 vehicles signs 700 (4 µs each). */
const MEMO_LIMIT = 50_000;

/** A new upload's file name: 128 random bits, nothing to guess from a neighbour's. */
export const randomUploadName = (extension: string) =>
  `${randomBytes(16).toString('hex')}.${extension}`;

/**
 * A stored upload path (relative to the upload root, e.g. `seed/3f…a1.svg`) as
 * its URL path, percent-encoded; absolute URLs (another server's) are kept,
 * blanks are null.
 */
function urlPathOf(stored: string | null | undefined): string | null {
  if (!stored || stored.trim() === '') return null;
  if (/^(https?:)?\/\//i.test(stored) || stored.startsWith(UPLOADS_PREFIX)) return stored;
  const relative = stored.replace(/^\/+/, '');
  return UPLOADS_PREFIX + relative.split('/').map(encodeURIComponent).join('/');
}

export type UploadSigner = {
  /** A stored path as a URL that loads for at least SIGNED_URL_LIFETIME_SECONDS; null for blanks. */
  url(stored: string | null | undefined): string | null;
  /** Several stored paths as URLs, dropping blanks. */
  urls(stored: readonly (string | null)[] | null | undefined): string[];
  /** `<urlPath>?exp=<exp>&sig=<HMAC>`: `urlPath` exactly as the browser will send it. */
  sign(urlPath: string, exp: number): string;
  /**
   * The seconds a request URL (path and query, as received) has left when it
   * carries a valid signature of its path that has not expired; null otherwise.
   */
  secondsLeft(requestUrl: string): number | null;
};

/**
 * Signed, short-lived URLs of uploaded files: HMAC-SHA256 over the URL path and
 * the expiry (unix seconds), base64url. The browser loads documents with
 * `<img>`, which cannot send the bearer token; the signature stands for it.
 */
export function createUploadSigner(key: Buffer, now: () => number = Date.now): UploadSigner {
  const mac = (urlPath: string, exp: number) =>
    createHmac('sha256', key).update(`cabdesk-upload-v1\n${exp}\n${urlPath}`).digest('base64url');
  const sign = (urlPath: string, exp: number) => `${urlPath}?exp=${exp}&sig=${mac(urlPath, exp)}`;
  const nowSeconds = () => Math.floor(now() / 1000);

  let memo = { exp: 0, urls: new Map<string, string>() };
  const url = (stored: string | null | undefined) => {
    const urlPath = urlPathOf(stored);
    if (urlPath === null || !urlPath.startsWith(UPLOADS_PREFIX)) return urlPath;
    const exp =
      Math.ceil((nowSeconds() + SIGNED_URL_LIFETIME_SECONDS) / SIGNED_URL_BUCKET_SECONDS) *
      SIGNED_URL_BUCKET_SECONDS;
    if (memo.exp !== exp || memo.urls.size >= MEMO_LIMIT) memo = { exp, urls: new Map() };
    let signed = memo.urls.get(urlPath);
    if (signed === undefined) {
      signed = sign(urlPath, exp);
      memo.urls.set(urlPath, signed);
    }
    return signed;
  };

  return {
    url,
    urls: (stored) => (stored ?? []).map(url).filter((u): u is string => u !== null),
    sign,
    secondsLeft(requestUrl) {
      const q = requestUrl.indexOf('?');
      if (q < 0) return null;
      const query = new URLSearchParams(requestUrl.slice(q + 1));
      const exp = query.get('exp');
      const sig = query.get('sig');
      // Exactly `exp` and `sig`, once each: nothing else rides on a signed URL.
      if ([...query.keys()].length !== 2 || !exp || !sig || !/^\d{1,12}$/.test(exp)) return null;
      const expected = Buffer.from(mac(requestUrl.slice(0, q), Number(exp)));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const left = Number(exp) - nowSeconds();
      return left > 0 ? Math.min(left, LONGEST_LIFE_SECONDS) : null;
    },
  };
}
