import {
  CLIENT_MESSAGES,
  urlOf,
  type AnyEndpoint,
  type DataOf,
  type InputOf,
} from '@cabdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, endSession, UnauthorizedError } from './api-client';
import { currentLanguage } from './i18n';
import { queryClient } from './query-client';
import { readStorage, STORAGE_KEYS } from './storage';

interface CallOptions {
  signal?: AbortSignal;
  /** Leave a 401 to the caller instead of ending the session (logout does). */
  skipUnauthorizedRedirect?: boolean;
  /** Send a POST's input as form data (SPEC 7 sends newPassword so) instead of JSON. */
  formData?: boolean;
}

/** The input, optional when the endpoint takes none (or only optional fields), then options. */
export type CallArgs<E extends AnyEndpoint> =
  Record<string, never> extends InputOf<E>
    ? [input?: InputOf<E>, options?: CallOptions]
    : [input: InputOf<E>, options?: CallOptions];

/** A success as the server answered it: its message (for a toast) and the parsed `data`. */
export interface Answer<E extends AnyEndpoint> {
  message: string;
  data: DataOf<E>;
}

/** Query string values: blanks (undefined, null, '') are left out. */
export function queryString(input: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function formDataOf(input: unknown): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

export function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** SPEC 7: what every call carries: Accept, `Authorization: Bearer <token>` (empty without one), the language. */
export function sessionHeaders(accept: string): Record<string, string> {
  const token = readStorage(STORAGE_KEYS.accessToken);
  return {
    Accept: accept,
    Authorization: token ? `Bearer ${token}` : '',
    'Accept-Language': currentLanguage(),
  };
}

/**
 * Calls an endpoint of the contract and answers its envelope: the message and
 * the `data`, parsed with the endpoint's own response schema. The URL, the
 * method and whether a 401 means "session over" come from the endpoint.
 * SPEC 7: every call carries Accept JSON, `Authorization: Bearer <token>`
 * (empty without one) and the stored language.
 */
export async function send<E extends AnyEndpoint>(
  endpoint: E,
  ...[input, options = {}]: CallArgs<E>
): Promise<Answer<E>> {
  const headers = sessionHeaders('application/json');
  let url = urlOf(endpoint);
  let body: BodyInit | undefined;
  if (endpoint.method === 'GET') {
    url += queryString(input);
  } else if (options.formData) {
    body = formDataOf(input);
  } else if (input !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input);
  }

  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(CLIENT_MESSAGES.somethingWentWrong, 0);
  }

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }

  // A 401 of a public call (sign-in, password recovery) is a wrong answer, not an ended session.
  if (response.status === 401 && !endpoint.public) {
    const error = new UnauthorizedError(messageOf(parsed) ?? 'Unauthenticated.', parsed);
    if (!options.skipUnauthorizedRedirect) endSession();
    throw error;
  }
  if (!response.ok) {
    throw new ApiError(
      messageOf(parsed) ?? CLIENT_MESSAGES.internalServerError,
      response.status,
      parsed,
    );
  }
  if (parsed === undefined) {
    throw new ApiError(CLIENT_MESSAGES.somethingWentWrong, response.status);
  }
  if (
    typeof parsed === 'object' &&
    parsed !== null &&
    'status' in parsed &&
    parsed.status === false
  ) {
    throw new ApiError(
      messageOf(parsed) ?? CLIENT_MESSAGES.internalServerError,
      response.status,
      parsed,
    );
  }
  const { message, data } = endpoint.response.parse(parsed);
  return { message, data: data as DataOf<E> };
}

/** Calls an endpoint and answers its parsed, typed `data` (see `send`). */
export async function call<E extends AnyEndpoint>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<DataOf<E>> {
  return (await send(endpoint, ...args)).data;
}

/**
 * The query key of an endpoint's answers: `[path]` for all of them (what an
 * invalidation names), `[path, input]` for one.
 */
export const queryKeyOf = <E extends AnyEndpoint>(endpoint: E, input?: Partial<InputOf<E>>) =>
  input === undefined ? [endpoint.path] : [endpoint.path, input];

/** Query options that call an endpoint with this input and cache its `data`. */
export function queryOf<E extends AnyEndpoint>(endpoint: E, ...[input]: CallArgs<E>) {
  return queryOptions({
    queryKey: queryKeyOf(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, ...([input, { signal }] as CallArgs<E>)),
  });
}

/** Mutation options that send an endpoint the mutation's variables and answer its envelope. */
export function mutationOf<E extends AnyEndpoint>(endpoint: E) {
  return {
    mutationKey: queryKeyOf(endpoint),
    mutationFn: (input: InputOf<E>) => send(endpoint, ...([input] as CallArgs<E>)),
  };
}

/**
 * Marks an endpoint's cached answers stale (those of one input, when given)
 * and refetches the ones on screen: what a mutation changed.
 */
export const invalidate = <E extends AnyEndpoint>(endpoint: E, input?: Partial<InputOf<E>>) =>
  queryClient.invalidateQueries({ queryKey: queryKeyOf(endpoint, input) });
