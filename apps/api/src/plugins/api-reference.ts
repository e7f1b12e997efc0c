import { API_BASE } from '@cabdesk/contract';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import fp from 'fastify-plugin';
import { openApiDocument } from '../lib/openapi';

/** Where the OpenAPI document and the reference page answer. */
export const OPENAPI_URL = `${API_BASE}openapi.json`;
export const DOCS_URL = `${API_BASE}docs`;

/**
 * The API reference, public (integrators read it before they have an
 * account): the OpenAPI 3.1 document generated from the contract's endpoint
 * objects at `openapi.json`, and Swagger UI at `docs`, its scripts and styles
 * served by Cabdesk itself (no CDN, nothing the CSP would have to allow).
 */
export const apiReferencePlugin = fp(async (app: FastifyInstance) => {
  const document = openApiDocument('admin');
  await app.register(async (reference) => {
    // Every route of this context is public: the page, its assets, the document.
    reference.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    reference.get(OPENAPI_URL, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(document),
    );
    await reference.register(fastifySwagger, {
      mode: 'static',
      // Its types know OpenAPI 3.0 documents only; it serves a 3.1 one as it is.
      specification: { document: document as unknown as OpenAPIV3.Document },
    });
    await reference.register(fastifySwaggerUi, {
      routePrefix: DOCS_URL,
      uiConfig: { url: OPENAPI_URL, deepLinking: true, docExpansion: 'list' },
      // helmet's CSP (script-src 'self') already covers the page.
      staticCSP: false,
    });
  });
});
