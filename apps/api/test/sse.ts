import { notificationStreamTicket, urlOf } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { request, type IncomingHttpHeaders } from 'node:http';
import { expect } from 'vitest';
import { bearer } from './helper';

type SseEvent = { event: string; data: string; id?: string };

/** A server-sent event stream read over real HTTP, for tests. */
export type SseClient = {
  status: number;
  headers: IncomingHttpHeaders;
  events: SseEvent[];
  /** Resolves with the first event (seen or coming) that matches. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let endedResolve: () => void = () => {};
      const ended = new Promise<void>((r) => (endedResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ');
            const value = rest.join(': ');
            if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'data') {
              event.data = value;
              hasData = true;
            }
          }
          if (hasData) events.push(event);
          for (const wake of [...waiters]) wake();
        }
      });
      res.on('end', () => endedResolve());
      res.on('close', () => endedResolve());
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        ended,
        close: () => req.destroy(),
        next: (match, timeoutMs = 5000) =>
          new Promise((found, fail) => {
            const check = () => {
              const hit = events.find(match);
              if (hit) {
                waiters.delete(check);
                clearTimeout(timer);
                found(hit);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(
                  `no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`,
                ),
              );
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The address `app` serves on loopback, listening first if it is not yet. */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** A single-use ticket that opens a stream of the session of `token` once. */
export async function ticketFor(app: FastifyInstance, token: string) {
  const res = await app.inject({
    method: 'POST',
    url: urlOf(notificationStreamTicket),
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { ticket: string; expires_in: number } }>().data;
}
