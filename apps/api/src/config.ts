import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bankAccountFields,
  bicMatchesIban,
  INTEGRATION_RATE_LIMIT_DEFAULT,
} from '@cabdesk/contract';
import { z } from 'zod';
import { isCommonPassword } from './lib/password-policy';
import { parseSigningKey } from './lib/upload-key';

/** Where relative paths in the environment are taken from: the directory npm was run in. */
const baseDir = process.env.INIT_CWD ?? process.cwd();
const absolute = (p: string) => (isAbsolute(p) ? p : resolve(baseDir, p));

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());
const withDefault = <T extends z.ZodType>(s: T, d: z.input<T>) =>
  z
    .preprocess(blankToUndefined, s.optional())
    .transform((v) => (v === undefined ? d : v) as z.output<T>);

/** A MapLibre style's address: an http(s):// URL, or a path on Cabdesk's own origin. */
const mapStyleUrl = z
  .string()
  .refine(
    (value) =>
      value.startsWith('/')
        ? !value.startsWith('//')
        : /^https?:\/\/[^/]/.test(value) && URL.canParse(value),
    'must be an http(s):// URL or a path starting with /',
  );

const envSchema = z
  .object({
    NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'development'),
    PORT: withDefault(z.coerce.number().int().min(0).max(65535), 8080),
    HOST: withDefault(z.string(), '0.0.0.0'),
    LOG_LEVEL: withDefault(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
      'info',
    ),
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
    DATABASE_POOL_SIZE: withDefault(z.coerce.number().int().min(1).max(100), 10),
    DATA_DIR: withDefault(z.string(), './data'),
    UPLOAD_DIR: optional(z.string()),
    /** Key of the signed upload URLs; unset: generated once into DATA_DIR/upload-signing-key. */
    UPLOAD_SIGNING_KEY: optional(
      z.string().transform((value, ctx) => {
        const key = parseSigningKey(value);
        if (key) return key;
        ctx.addIssue({
          code: 'custom',
          message: 'must be at least 32 random bytes in hex or base64 (openssl rand -hex 32)',
        });
        return z.NEVER;
      }),
    ),
    WEB_DIST_DIR: optional(z.string()),
    ADMIN_EMAIL: optional(z.email()),
    ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
    SEED_DEMO: withDefault(z.enum(['auto', 'true', 'false']), 'auto'),
    SESSION_IDLE_MINUTES: withDefault(z.coerce.number().int().min(1), 12 * 60),
    SESSION_MAX_DAYS: withDefault(z.coerce.number().min(0.01), 7),
    /** scrypt cost as log2(N). */
    PASSWORD_HASH_COST: withDefault(z.coerce.number().int().min(4).max(20), 17),
    /** Failed sign-ins per client address (IPv6: per /64) over all accounts, per window. */
    LOGIN_MAX_ATTEMPTS: withDefault(z.coerce.number().int().min(1), 10),
    LOGIN_WINDOW_MINUTES: withDefault(z.coerce.number().int().min(1), 15),
    /** Requests per minute each integration key may make (429 with Retry-After beyond). */
    INTEGRATION_RATE_LIMIT: withDefault(
      z.coerce.number().int().min(1),
      INTEGRATION_RATE_LIMIT_DEFAULT,
    ),
    TRUST_PROXY: withDefault(z.string(), 'false'),
    /** SMTP server for e-mail (`smtp://user:pass@host:587`); unset: e-mails go to the log. */
    SMTP_URL: optional(
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }),
    ),
    MAIL_FROM: withDefault(z.string().min(3).max(254), 'Cabdesk <no-reply@cabdesk.local>'),
    /** Where administrators open Cabdesk (`https://admin.example.com`), for links in e-mails. */
    PUBLIC_URL: optional(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
    ),
    /** Origins allowed to call the API from a browser (CORS), comma-separated; unset: none. */
    CORS_ORIGINS: withDefault(z.string(), ''),
    /** Longest time to receive a whole request (headers and body). */
    REQUEST_TIMEOUT_MS: withDefault(z.coerce.number().int().min(1000).max(600_000), 30_000),
    /** A connection with no traffic for this long is closed. */
    CONNECTION_TIMEOUT_MS: withDefault(z.coerce.number().int().min(1000).max(3_600_000), 120_000),
    /** PostgreSQL `statement_timeout`: a query running longer is cancelled (the call answers 503). */
    DATABASE_STATEMENT_TIMEOUT_MS: withDefault(
      z.coerce.number().int().min(100).max(600_000),
      15_000,
    ),
    /** Web Push VAPID key pair (base64url); unset: generated once into DATA_DIR/vapid-keys.json. */
    VAPID_PUBLIC_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{80,90}$/, 'must be base64url')),
    VAPID_PRIVATE_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{40,45}$/, 'must be base64url')),
    METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
    METRICS_PORT: optional(z.coerce.number().int().min(0).max(65535)),
    METRICS_HOST: withDefault(z.string(), '127.0.0.1'),
    /**
     * Run the marketplace simulator beside the server: a client of its integration API with a
     * key of its own, hearing the webhooks on a loopback receiver (so it allows loopback targets).
     */
    SIMULATE: withDefault(z.enum(['true', 'false']), 'false'),
    /** Seconds between two simulated events. */
    SIMULATE_INTERVAL_SECONDS: withDefault(z.coerce.number().min(0.2).max(3600), 4),
    /** The simulator's standing fleet: drivers driving the demo city's streets from the start. */
    SIMULATE_DRIVERS: withDefault(z.coerce.number().int().min(0).max(100_000), 12),
    /** A trip Pending longer than this is an alert in the live panel and the bell. */
    LIVE_WAITING_MINUTES: withDefault(z.coerce.number().min(1).max(1440), 5),
    /** A driver on a trip with no position for this long is an alert. */
    LIVE_SILENT_MINUTES: withDefault(z.coerce.number().min(1).max(1440), 3),
    /** Seconds between two live checks (the alerts above) of an instance. */
    LIVE_CHECK_SECONDS: withDefault(z.coerce.number().min(1).max(3600), 30),
    /**
     * The live map's basemap: any MapLibre style (a hosted one, or one whose sources are
     * `pmtiles://` files the operator serves); unset: Cabdesk draws the demo city itself.
     * An https:// URL, or a path on Cabdesk's own origin (behind the same proxy).
     */
    MAP_STYLE_URL: optional(mapStyleUrl),
    /** The operator's style in the dark colour scheme; unset: MAP_STYLE_URL in both. */
    MAP_STYLE_DARK_URL: optional(mapStyleUrl),
    /**
     * A Started trip is overdue (an alert) past the time its straight-line distance takes at
     * LIVE_OVERDUE_SPEED_KMH, times LIVE_OVERDUE_MARGIN, and never before LIVE_OVERDUE_MIN_MINUTES.
     */
    LIVE_OVERDUE_SPEED_KMH: withDefault(z.coerce.number().min(1).max(200), 12),
    LIVE_OVERDUE_MARGIN: withDefault(z.coerce.number().min(1).max(20), 2),
    LIVE_OVERDUE_MIN_MINUTES: withDefault(z.coerce.number().min(1).max(1440), 20),
    /**
     * Webhook targets may be loopback addresses, over http too (local development and tests;
     * SIMULATE=true turns it on for the simulator's receiver).
     */
    WEBHOOK_ALLOW_LOOPBACK: withDefault(z.enum(['true', 'false']), 'false'),
    /** The least balance a payout batch pays (euros, two decimals); smaller ones wait for the next. */
    PAYOUT_MINIMUM: withDefault(
      z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount such as 10.00'),
      '10.00',
    ),
    /**
     * The platform's own account the payouts' bank file (pain.001) pays from: its holder, IBAN
     * and BIC. The defaults are a well-known example account: set the real one before exporting.
     */
    PAYOUT_DEBTOR_NAME: withDefault(bankAccountFields.holder, 'Cabdesk Marketplace'),
    PAYOUT_DEBTOR_IBAN: withDefault(bankAccountFields.iban, 'DE89370400440532013000'),
    PAYOUT_DEBTOR_BIC: withDefault(bankAccountFields.bic, 'COBADEFFXXX'),
    /** Who push services may contact about this sender: a mailto: or https: URL. */
    VAPID_SUBJECT: withDefault(
      z.string().regex(/^(mailto:|https:)/, 'must start with mailto: or https:'),
      'mailto:no-reply@cabdesk.local',
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'test' && env.PASSWORD_HASH_COST < 17) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: 'must be at least 17 (N = 2^17) outside tests',
      });
    }
    for (const origin of corsOriginList(env.CORS_ORIGINS)) {
      if (!isOrigin(origin)) {
        ctx.addIssue({
          code: 'custom',
          path: ['CORS_ORIGINS'],
          message: `"${origin}" is not an origin like https://admin.example.com ("null" and "*" are never allowed)`,
        });
      }
    }
    if (env.ADMIN_PASSWORD !== undefined && isCommonPassword(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is one of the 1,000 most common passwords: choose another',
      });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      });
    }
    if (env.MAP_STYLE_DARK_URL !== undefined && env.MAP_STYLE_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAP_STYLE_DARK_URL'],
        message: 'needs MAP_STYLE_URL (the style of the light scheme)',
      });
    }
    if (!bicMatchesIban(env.PAYOUT_DEBTOR_BIC, env.PAYOUT_DEBTOR_IBAN)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYOUT_DEBTOR_BIC'],
        message: 'must be of the country of PAYOUT_DEBTOR_IBAN',
      });
    }
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

/** Reads and checks the environment once; throws listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = absolute(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    uploadDir: e.UPLOAD_DIR ? absolute(e.UPLOAD_DIR) : resolve(dataDir, 'uploads'),
    uploadSigningKey: e.UPLOAD_SIGNING_KEY,
    webDistDir: e.WEB_DIST_DIR
      ? absolute(e.WEB_DIST_DIR)
      : fileURLToPath(new URL('../../web/dist', import.meta.url)),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO,
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      maxMs: Math.round(e.SESSION_MAX_DAYS * 86_400_000),
    },
    passwordHashCost: e.PASSWORD_HASH_COST,
    loginLimit: { max: e.LOGIN_MAX_ATTEMPTS, windowMs: e.LOGIN_WINDOW_MINUTES * 60_000 },
    integrationLimit: { max: e.INTEGRATION_RATE_LIMIT, windowMs: 60_000 },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    corsOrigins: corsOriginList(e.CORS_ORIGINS),
    http: { requestTimeoutMs: e.REQUEST_TIMEOUT_MS, connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS },
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    simulate: {
      enabled: e.SIMULATE === 'true',
      intervalMs: Math.round(e.SIMULATE_INTERVAL_SECONDS * 1000),
      drivers: e.SIMULATE_DRIVERS,
    },
    live: {
      waitingMs: Math.round(e.LIVE_WAITING_MINUTES * 60_000),
      silentMs: Math.round(e.LIVE_SILENT_MINUTES * 60_000),
      checkMs: Math.round(e.LIVE_CHECK_SECONDS * 1000),
      mapStyleUrl: e.MAP_STYLE_URL,
      mapStyleDarkUrl: e.MAP_STYLE_DARK_URL,
      overdue: {
        metersPerSecond: e.LIVE_OVERDUE_SPEED_KMH / 3.6,
        margin: e.LIVE_OVERDUE_MARGIN,
        minMs: Math.round(e.LIVE_OVERDUE_MIN_MINUTES * 60_000),
      },
    },
    payouts: {
      minimum: e.PAYOUT_MINIMUM,
      debtor: { name: e.PAYOUT_DEBTOR_NAME, iban: e.PAYOUT_DEBTOR_IBAN, bic: e.PAYOUT_DEBTOR_BIC },
    },
    webhooks: { allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK === 'true' || e.SIMULATE === 'true' },
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT,
    },
  };
}

const corsOriginList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** `scheme://host[:port]` exactly as a browser sends it in `Origin`. */
function isOrigin(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY: a hop count (`1` behind one nginx: the address that proxy saw,
 * the rightmost X-Forwarded-For entry), the proxies' addresses, or true/false.
 * `true` believes every X-Forwarded-For entry, including the leftmost one the
 * client writes itself. A hop count is passed as a function: Fastify 5 treats
 * a bare number as "trust nothing".
 */
function parseTrustProxy(
  value: string,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((s) => s.trim());
}
