import type { AnyEndpoint } from '@cabdesk/contract';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

export type RouteEntry = {
  method: HTTPMethods;
  url: string;
  /** Reachable without a session (read when asked: a plugin's own onRoute hook may set it). */
  readonly public: boolean;
  /** The contract object the route was registered from, if any. */
  readonly endpoint: AnyEndpoint | undefined;
  /** The request schemas the route validates with (zod, from the contract). */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server answers, as registered (tests walk it: a new route is covered). */
    routeTable: RouteEntry[];
  }
}

/** Records each route as it is registered; register before any route. */
export const routeTablePlugin = fp(async (app: FastifyInstance) => {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const { body, querystring, params } = (route.schema ?? {}) as RouteEntry['schema'];
      table.push({
        method,
        url: route.url,
        get public() {
          return route.config?.public === true;
        },
        get endpoint() {
          return route.config?.endpoint;
        },
        schema: { body, querystring, params },
      });
    }
  });
});
