import { Stream } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Headers a preflight may ask for, and the methods the API uses. */
const ALLOWED_HEADERS = 'authorization, content-type, accept-language';
const ALLOWED_METHODS = 'GET, POST';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Uploaded files are shown as images only: no script, no plugin, no navigation. */
const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Powerful browser features (those a page must be granted), all off: the app
 * uses none of them, and nothing it shows may. Names Chromium knows (it warns
 * about any other in the console).
 */
const FEATURES_OFF = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'captured-surface-control',
  'clipboard-read',
  'digital-credentials-get',
  'display-capture',
  'encrypted-media',
  'gyroscope',
  'hid',
  'identity-credentials-get',
  'idle-detection',
  'local-fonts',
  'local-network-access',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'speaker-selection',
  'storage-access',
  'usb',
  'window-management',
  'xr-spatial-tracking',
];

/** Geolocation for the app's own origin only: the login page asks for it (SPEC 2). */
const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  ...FEATURES_OFF.map((feature) => `${feature}=()`),
].join(', ');

/** Where the web build's hashed scripts, stylesheets and images are served. */
const ASSETS_PATH = '/assets/';

const NUL_MESSAGE = 'The text contains a character that is not allowed.';

/** The dotted name of the first string field holding a NUL character, if any. */
function nulField(value: unknown, name: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? name : undefined;
  if (value === null || typeof value !== 'object' || depth > 8) return undefined;
  // An uploaded file's bytes and a file read as it arrives are not text fields.
  if (ArrayBuffer.isView(value) || value instanceof Stream) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return name;
    const inner = nulField(
      child,
      name === 'body' || name === 'query' ? key : `${name}.${key}`,
      depth + 1,
    );
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * Response hardening that is not helmet's: the Permissions-Policy, `Cache-Control: no-store` on every
 * answer that does not choose its own caching (API answers hold personal data),
 * a locked-down CSP on uploaded files, and CORS closed unless an origin is on
 * the `CORS_ORIGINS` allow-list (`null` and `*` are never accepted).
 */
export const hardeningPlugin = fp(async (app: FastifyInstance) => {
  const allowed = new Set(app.config.corsOrigins);

  const allowOrigin = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (typeof origin !== 'string' || !allowed.has(origin)) return false;
    reply.header('access-control-allow-origin', origin);
    return true;
  };

  app.addHook('onRequest', async (request, reply) => {
    // The policy governs documents (and the workers they start): a script or a stylesheet of
    // the build goes without it, some 30 answers on the first load each a kilobyte lighter.
    if (!request.url.startsWith(ASSETS_PATH))
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    const isPreflight =
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-method'] !== undefined;
    if (!isPreflight) {
      if (request.headers.origin !== undefined) allowOrigin(request, reply);
      return;
    }
    // A preflight never reaches a route: allowed origins get the permissions, others nothing.
    if (allowOrigin(request, reply)) {
      reply
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    }
    return reply.status(204).header('cache-control', 'no-store').send();
  });

  // PostgreSQL text cannot hold NUL: refuse it in any field, before validation and the database.
  app.addHook('preValidation', async (request, reply) => {
    const field = nulField(request.body, 'body') ?? nulField(request.query, 'query');
    if (field !== undefined) {
      return reply.status(400).send({
        status: false,
        message: NUL_MESSAGE,
        data: { errors: { [field]: NUL_MESSAGE } },
      });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/uploads/')) {
      reply.header('content-security-policy', UPLOAD_CSP);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
});
