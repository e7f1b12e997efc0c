import type { AnyEndpoint } from '@cabdesk/contract';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

export type RouteEntry = {
  method: HTTPMethods;
  url: string;
  /**
   * The plugin that registered it: an API module's routes plugin (`userRoutes`),
   * `fastify` for the root. Tests walk the modules with it (one call of each).
   */
  plugin: string;
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
  app.addHook('onRoute', function (route) {
    // `this` is the instance the route is registered on: its plugin chain starts
    // with the encapsulating plugin (later names are plugins it registered inside).
    const plugin = this.pluginName.split(' -> ')[0]!;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const { body, querystring, params } = (route.schema ?? {}) as RouteEntry['schema'];
      table.push({
        method,
        url: route.url,
        plugin,
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
