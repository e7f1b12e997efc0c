import { urlOf, type AnyEndpoint, type ErrorEnvelope, type FieldErrors } from '@cabdesk/contract';
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import { setupServer } from 'msw/node';
import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * The admin API of the component tests: MSW answers the calls a component
 * makes, each handler built from the endpoint object of the contract, so its
 * path and method are the ones the app calls and its data has the wire type
 * the endpoint's schema parses. A call no test answers fails the test.
 */
export const server = setupServer();

/** The `data` of a success as the server sends it (before the client's parsing). */
export type WireData<E extends AnyEndpoint> = z.input<E['data']>;

type Resolver<E extends AnyEndpoint> = (call: {
  request: StrictRequest<DefaultBodyType>;
  url: URL;
}) => WireData<E> | Response | Promise<WireData<E> | Response>;

/** The handler of `endpoint`: `answer` is its data (or a function of the request giving it). */
export function answer<E extends AnyEndpoint>(
  endpoint: E,
  data: WireData<E> | Resolver<E>,
  message = 'OK',
) {
  const on = endpoint.method === 'GET' ? http.get : http.post;
  return on(urlOf(endpoint), async ({ request }) => {
    const result =
      typeof data === 'function'
        ? await (data as Resolver<E>)({ request, url: new URL(request.url) })
        : data;
    if (result instanceof Response) return result;
    return HttpResponse.json({ status: true, message, data: result });
  });
}

/** A refusal as the API answers one: its status, its message and field errors when given. */
export function refusal(status: number, message: string, errors?: FieldErrors) {
  const body: ErrorEnvelope = { status: false, message, data: errors ? { errors } : null };
  return HttpResponse.json(body, { status });
}

/** Answers `endpoint` with the refusal (every time). */
export function refuse<E extends AnyEndpoint>(
  endpoint: E,
  status: number,
  message: string,
  errors?: FieldErrors,
) {
  const on = endpoint.method === 'GET' ? http.get : http.post;
  return on(urlOf(endpoint), () => refusal(status, message, errors));
}

/** Every request the server saw during a test, in order (reset before each test). */
export const requests: Request[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(request.clone());
});

/** The search parameters of the requests made to `endpoint`, in order. */
export function queriesOf(endpoint: AnyEndpoint): URLSearchParams[] {
  const path = urlOf(endpoint);
  return requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/**
 * The parameters of the one request made to `endpoint`: a screen opened on
 * what its route asked for asks nothing again (app/screen-calls.ts).
 */
export function askedOnce(endpoint: AnyEndpoint): Record<string, string> {
  const [asked, ...again] = queriesOf(endpoint);
  expect(asked, `${endpoint.path} was asked`).toBeDefined();
  expect(again, `${endpoint.path} was asked again`).toHaveLength(0);
  return Object.fromEntries(asked!);
}
