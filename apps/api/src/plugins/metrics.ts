import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_MESSAGES } from '@cabdesk/contract';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics of this instance and of its process. */
    metrics: Registry;
    /** Where METRICS_PORT's listener answers, once the app is ready (null without it). */
    metricsAddress: () => AddressInfo | null;
  }
}

const METRICS_PATH = '/metrics';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The process's own metrics, collected once per process: prom-client's
 * collectors of them (a garbage-collection observer, an event-loop delay
 * histogram) are never stopped, so in an app's own registry they kept every
 * app built in the process reachable, and its database (a test worker of
 * hundreds of apps passed 2 GB).
 */
let processRegistry: Registry | undefined;
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus metrics (prom-client): each route's request durations by
 * method, route pattern and status class; statement durations and the
 * connections of the database; open notification streams; and the process's
 * own (event-loop lag, memory, CPU, garbage collection). Served at
 * `GET /metrics` to `Authorization: Bearer $METRICS_TOKEN` (401 otherwise),
 * and/or with no token on a listener of its own at METRICS_HOST:METRICS_PORT,
 * which should not be reachable from outside. Neither set: not served (404).
 *
 * Register before any route: each route gets its own `onResponse` hook
 * holding its histogram series, so a request costs one observe and no
 * allocation for its labels. Requests that match no route are not counted.
 * The guarded route is `metricsRoute`, registered after the error handler.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { port, host } = app.config.metrics;
  const registry = new Registry();

  const requests = new Histogram({
    name: 'cabdesk_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onRoute', (route) => {
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const series: Histogram.Internal<'method' | 'route' | 'status_class'>[] = [];
    const observe: onResponseHookHandler = (_request, reply, done) => {
      const index = Math.min(Math.max(Math.floor(reply.statusCode / 100) - 1, 0), 4);
      (series[index] ??= requests.labels(method, route.url, STATUS_CLASSES[index]!)).observe(
        reply.elapsedTime / 1000,
      );
      done();
    };
    const own = route.onResponse;
    route.onResponse = own ? [...(Array.isArray(own) ? own : [own]), observe] : [observe];
  });

  const statements = new Histogram({
    name: 'cabdesk_db_query_duration_seconds',
    help: 'Time of each database statement (PGlite: each query or transaction)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  app.database.timeQueries((seconds) => statements.observe(seconds));
  new Gauge({
    name: 'cabdesk_db_connections',
    help: 'Database connections of this instance: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = app.database.connections();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  new Gauge({
    name: 'cabdesk_notification_streams',
    help: 'Live notification streams (server-sent events) open on this instance',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('notificationHub') ? app.notificationHub.size() : 0);
    },
  });

  app.decorate('metrics', Registry.merge([processMetrics(), registry]));

  let server: Server | null = null;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
  if (port !== undefined) {
    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
          response.writeHead(404).end();
          return;
        }
        app.metrics.metrics().then(
          (text) => response.writeHead(200, { 'content-type': app.metrics.contentType }).end(text),
          () => response.writeHead(500).end(),
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject).listen(port, host, resolve);
      });
    });
    app.addHook('onClose', async () => {
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    });
  }
});

/** `GET /metrics` for `Authorization: Bearer $METRICS_TOKEN` (compared in constant time); not there without it. */
export async function metricsRoute(app: FastifyInstance) {
  const { token } = app.config.metrics;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_PATH, async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      throw new HttpError(401, AUTH_MESSAGES.unauthenticated);
    }
    return reply.type(app.metrics.contentType).send(await app.metrics.metrics());
  });
}
