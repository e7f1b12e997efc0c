import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE, INTEGRATION_BASE } from '@cabdesk/contract';
import fastifyCompress from '@fastify/compress';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './modules/account';
import { adminRoutes } from './modules/admins';
import { auditLogRoutes } from './modules/audit-log';
import {
  authPlugin,
  authRoutes,
  recoveryRoutes,
  sessionRoutes,
  twoFactorRoutes,
} from './modules/auth';
import { caseRoutes } from './modules/cases';
import { couponRoutes } from './modules/coupons';
import { dashboardRoutes } from './modules/dashboard';
import { documentRoutes } from './modules/documents';
import { faqRoutes } from './modules/faqs';
import { healthRoutes } from './modules/health';
import { historyRoutes } from './modules/history';
import { integrationApi, integrationKeyRoutes } from './modules/integration';
import { liveFeedPlugin, liveMapRoutes, liveRoutes } from './modules/live';
import { noteRoutes } from './modules/notes';
import { paletteRoutes } from './modules/palette';
import { lookupRoutes } from './modules/lookups';
import {
  notificationHubPlugin,
  notificationRoutes,
  pushKeyRoutes,
  type NotificationOptions,
} from './modules/notifications';
import { recordChangesPlugin } from './modules/changes';
import { recordRoutes } from './modules/records';
import { reviewRoutes } from './modules/review';
import { rideRoutes } from './modules/rides';
import { salesRoutes } from './modules/sales';
import { moneyRoutes, payoutRoutes, refundRoutes, statementRoutes } from './modules/money';
import { userRoutes } from './modules/users';
import { vehicleRoutes } from './modules/vehicles';
import { viewRoutes } from './modules/views';
import { webhookRoutes } from './modules/webhooks';
import { apiReferencePlugin } from './plugins/api-reference';
import { errorsPlugin, fail } from './plugins/errors';
import { languagePlugin } from './plugins/language';
import { hardeningPlugin } from './plugins/hardening';
import { metricsPlugin, metricsRoute } from './plugins/metrics';
import { routeTablePlugin } from './plugins/route-table';
import { uploadsPlugin } from './plugins/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** `/taxi-service/admin/` */
    apiBase: string;
    /** The time the sign-in and reset-code limits read. */
    clock: () => Date;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Live stream and Web Push settings (tests shorten the keep-alive, trust a loopback push service). */
  notifications?: NotificationOptions;
  /**
   * The time the sign-in and reset-code limits, decisions and document expiry read; tests
   * move it on (default: the system's).
   */
  clock?: () => Date;
};

/**
 * One log line per request, when its answer has gone (Fastify's default
 * writes two): at `info` in production, where it is the server's record; at
 * `debug` elsewhere, where it is noise beside the lines that matter. A failed
 * request is still an error line; every other line Fastify writes is its own.
 */
class RequestLines extends LogController {
  constructor(private readonly level: 'info' | 'debug') {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[this.level](line, 'request completed');
  }
}

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/** Where the operator's basemaps come from, beside Cabdesk itself (the style URLs' origins). */
const mapOrigins = (...styleUrls: (string | undefined)[]) => [
  ...new Set(
    styleUrls.flatMap((url) => (url && !url.startsWith('/') ? [new URL(url).origin] : [])),
  ),
];

/** The whole server, without listening: the API, uploads, and the built web app. */
export async function buildApp({
  config,
  database,
  logger = false,
  notifications,
  clock = () => new Date(),
}: BuildAppOptions) {
  const app = Fastify({
    logger,
    logController: new RequestLines(config.env === 'production' ? 'info' : 'debug'),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    // A URL that cannot be decoded never reaches a route: still the envelope, never Fastify's shape.
    frameworkErrors: (error, _request, reply: FastifyReply) =>
      reply
        .status(400)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(
          fail(error.code === 'FST_ERR_BAD_URL' ? 'The request URL is not valid.' : 'Bad request.'),
        ),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('apiBase', API_BASE);
  app.decorate('clock', clock);

  await app.register(routeTablePlugin);
  await app.register(metricsPlugin);
  // JSON answers over 1 KiB go out compressed (it hooks every route registered after it), and
  // only JSON: the web app's files are compressed at build time and sent as they are
  // (preCompressed below), CSV exports stream to the browser as they are read, event streams
  // are the hijacked raw response. The plugin compresses whatever mime-db calls compressible
  // (scripts, CSV) and skips a request carrying `x-no-compression`: any other answer is marked
  // so before its hook runs (app hooks run before route hooks). Request bodies are read as
  // sent (no decompression).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
      request.headers['x-no-compression'] = 'json only';
    }
    return payload;
  });
  // helmet's headers, its middleware built once: @fastify/helmet built it anew for every
  // request (parsing the CSP each time), a few per cent of a detail call's CPU.
  const headerOptions = {
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The app serves its own styles and fonts: no `https:` wildcard (helmet's default).
        // Mantine writes <style> elements (theme variables, responsive props) at run time:
        // without 'unsafe-inline' Chromium blocks them (seen in the login walk).
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'"],
        // The live map fetches its basemap from Cabdesk, or from the operator's style URLs.
        connectSrc: ["'self'", ...mapOrigins(config.live.mapStyleUrl, config.live.mapStyleDarkUrl)],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
  } satisfies HelmetOptions;
  const securityHeaders = helmet(headerOptions);
  // A hashed file of the build (a script, a stylesheet) takes only the headers that govern a
  // file a page loads: the document's (its policy, framing, opener, agent cluster) would add
  // about 0.4 KiB to each of a first screen's dozens of files (docs/decisions/021).
  const assetHeaders = helmet({
    ...headerOptions,
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith('/assets/') ? assetHeaders : securityHeaders;
    headers(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  await app.register(hardeningPlugin);
  await app.register(errorsPlugin);
  await app.register(languagePlugin);
  await app.register(authPlugin);
  await app.register(uploadsPlugin);
  await app.register(notificationHubPlugin, notifications ?? {});
  await app.register(recordChangesPlugin);
  await app.register(liveFeedPlugin);

  await app.register(apiReferencePlugin);
  await app.register(healthRoutes);
  await app.register(metricsRoute);
  await app.register(pushKeyRoutes);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(recoveryRoutes);
      await api.register(accountRoutes);
      await api.register(dashboardRoutes);
      await api.register(notificationRoutes);
      await api.register(userRoutes);
      await api.register(vehicleRoutes);
      await api.register(rideRoutes);
      await api.register(recordRoutes);
      await api.register(reviewRoutes);
      await api.register(documentRoutes);
      await api.register(noteRoutes);
      await api.register(historyRoutes);
      await api.register(faqRoutes);
      await api.register(couponRoutes);
      await api.register(salesRoutes);
      await api.register(moneyRoutes);
      await api.register(payoutRoutes);
      await api.register(statementRoutes);
      await api.register(refundRoutes);
      await api.register(twoFactorRoutes);
      await api.register(sessionRoutes);
      await api.register(adminRoutes);
      await api.register(auditLogRoutes);
      await api.register(lookupRoutes);
      await api.register(viewRoutes);
      await api.register(paletteRoutes);
      await api.register(integrationKeyRoutes);
      await api.register(webhookRoutes);
      await api.register(liveRoutes);
      await api.register(liveMapRoutes);
      await api.register(caseRoutes);
    },
    { prefix: API_BASE },
  );
  // The marketplace's door: integration keys only, under a base path of its own.
  await app.register(integrationApi);

  const indexHtml = join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      index: false,
      // A route for each file of the build, found once at start: a wildcard
      // route instead reads the directories of the path on every request to
      // check its spelling (docs/testing.md has what that cost).
      wildcard: false,
      // The build's `.br` and `.gz` beside each file, chosen by Accept-Encoding (with Vary).
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, path) {
        // Vite puts content hashes in asset names: cache them for a year.
        reply.header(
          'cache-control',
          path.includes(`${join(config.webDistDir, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDistDir);
  if (hasWeb) {
    // `/` is a directory to the static plugin (403); it is the dashboard to the app.
    app.get('/', (_request, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    // A client route is any other path without a file name's dot, whoever asks
    // (a browser, or `curl` with its */*); a missing file stays a 404.
    const path = request.url.split('?')[0]!;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith(API_BASE) &&
      !path.startsWith(INTEGRATION_BASE) &&
      !path.startsWith('/uploads/') &&
      !/\.[^/]*$/.test(path);
    if (isPage && hasWeb) {
      // A client route of the single-page app.
      return sendIndex(reply);
    }
    return reply
      .status(404)
      .send(fail(`Route ${request.method} ${request.url.split('?')[0]} not found.`));
  });

  return app;
}
