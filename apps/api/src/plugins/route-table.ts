import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

export type RouteEntry = {
  method: HTTPMethods;
  url: string;
  public: boolean;
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
    const config = route.config as { public?: boolean } | undefined;
    for (const method of methods) {
      const { body, querystring, params } = (route.schema ?? {}) as RouteEntry['schema'];
      table.push({
        method,
        url: route.url,
        public: config?.public === true,
        schema: { body, querystring, params },
      });
    }
  });
});
