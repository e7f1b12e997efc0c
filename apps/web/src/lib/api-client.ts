import { API_BASE, CLIENT_MESSAGES, paths } from '@cabdesk/contract';
import { currentLanguage } from './i18n';
import { clearStorage, readStorage, STORAGE_KEYS } from './storage';

/** Why a call failed: an HTTP error status, `status: false`, or no answer at all. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The response body, when there was one. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

/** A 401: the session is gone. The client has already cleared it and gone to /login. */
export class UnauthorizedError extends ApiError {
  constructor(message: string, body?: unknown) {
    super(message, 401, body);
    this.name = 'UnauthorizedError';
  }
}

/** Calls made without a session: a 401 there is a wrong password, not an expired session. */
const PUBLIC_PATHS = new Set<string>([
  paths.login,
  paths.sendOtp,
  paths.resendOtp,
  paths.verifyOtp,
  paths.newPassword,
]);

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides where a 401 leads (the router lives there). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Leave a 401 to the caller instead of ending the session (logout does). */
  skipUnauthorizedRedirect?: boolean;
}

function buildUrl(path: string, query?: Query) {
  const url = new URL(API_BASE + path.replace(/^\//, ''), window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = readStorage(STORAGE_KEYS.accessToken);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // SPEC 7: a bearer header on every call, empty when there is no token.
    Authorization: token ? `Bearer ${token}` : '',
    'Accept-Language': currentLanguage(),
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
    });
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

  if (response.status === 401 && !PUBLIC_PATHS.has(path)) {
    const error = new UnauthorizedError(messageOf(parsed) ?? 'Unauthenticated.', parsed);
    if (!options.skipUnauthorizedRedirect) {
      // ARCHITECTURE: clear the session and go to /login, remembering the page;
      // the request is not replayed without a token.
      clearStorage();
      onUnauthorized();
    }
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
  return parsed as T;
}

/** The one client of the admin API (SPEC 7). Each call returns the response body. */
export const api = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'query' | 'body'>) =>
    request<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'query' | 'body'>) =>
    request<T>('DELETE', path, { ...options, query }),
};

/** The text to show a person for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return CLIENT_MESSAGES.somethingWentWrong;
}
