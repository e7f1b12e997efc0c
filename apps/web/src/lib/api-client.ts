import { CLIENT_MESSAGES } from '@cabdesk/contract';
import { clearStorage } from './storage';

/**
 * What a call is and how it fails. The calls themselves are in `call.ts`,
 * apart from this module: the first download has the error types without the
 * contract's schemas, which load with the first screen.
 */

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

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides where a 401 leads (the router lives there). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

/**
 * ARCHITECTURE: a 401 mid-session clears the session and goes to /login,
 * remembering the page; the request is not replayed without a token.
 */
export function endSession() {
  clearStorage();
  onUnauthorized();
}

/** The text to show a person for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return CLIENT_MESSAGES.somethingWentWrong;
}
