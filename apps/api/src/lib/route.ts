import { noInput, type AnyEndpoint, type ParsedInputOf } from '@cabdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract object the route was registered from. */
    endpoint?: AnyEndpoint;
  }
}

/** The request a handler of `E` receives: its query or body already parsed. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<
  E['method'] extends 'GET' ? { Querystring: ParsedInputOf<E> } : { Body: ParsedInputOf<E> }
>;

/** A success envelope of `E`, before the response schema serializes it. */
export type EndpointAnswer<E extends AnyEndpoint> = {
  status: true;
  message: string;
  data: z.input<E['data']>;
};

/**
 * Registers the route of an endpoint: its method, path, input schema,
 * response schema and whether it is public all come from the contract
 * object, so the route cannot differ from it. The handler answers the
 * envelope, or sends through `reply` itself (a stream, an error status).
 */
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    request: EndpointRequest<E>,
    reply: FastifyReply,
  ) => Promise<EndpointAnswer<E> | FastifyReply | void> | EndpointAnswer<E> | FastifyReply,
  options: { bodyLimit?: number } = {},
) {
  const input =
    endpoint.input === noInput
      ? {}
      : {
          [endpoint.method === 'GET' ? 'querystring' : 'body']: endpoint.input,
        };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    schema: {
      ...input,
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.stream || endpoint.files ? {} : { response: { 200: endpoint.response } }),
    },
    config: { endpoint, public: endpoint.public },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
