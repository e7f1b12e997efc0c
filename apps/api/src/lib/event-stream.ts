import type { FastifyReply } from 'fastify';

/**
 * Takes the reply over as a server-sent event stream: the headers Fastify's
 * hooks set (security, CORS), then the stream's own (nginx and similar
 * proxies must not buffer it), and the reconnect delay. Answers the raw
 * response to write events to.
 */
export function openEventStream(reply: FastifyReply) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: 5000\n\n`);
  return raw;
}
