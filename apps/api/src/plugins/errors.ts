import type { ErrorEnvelope, FieldErrors } from '@cabdesk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';
import { HashingBusy } from '../lib/password';

export const fail = (message: string, errors?: FieldErrors): ErrorEnvelope => ({
  status: false,
  message,
  data: errors ? { errors } : null,
});

/** `/user/email` -> `user.email`; a whole-body problem -> the part's name. */
const fieldName = (instancePath: string, part: string | undefined) =>
  instancePath.replace(/^\//, '').replaceAll('/', '.') || part || 'body';

/**
 * One error handler: bad input -> 4xx with field errors; known failures -> their
 * status; anything else -> 500 "Internal Server Error", cause logged, never sent.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        errors[name] ??= issue.message ?? 'This value is not valid.';
      }
      const first = Object.values(errors)[0] ?? 'The request is not valid.';
      return reply.status(400).send(fail(first, errors));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(fail(error.message, error.errors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, 429...
      request.log.info({ code: error.code }, error.message);
      return reply.status(status).send(fail(clientMessage(error)));
    }
    if (error instanceof HashingBusy) {
      request.log.warn({ event: 'hashing_busy' }, 'password hashing is busy');
      return reply.status(503).header('retry-after', '2').send(fail(BUSY_MESSAGE));
    }
    if (isDataException(error)) {
      // A value that passed validation but that PostgreSQL cannot take (a number out of
      // its column's range, a NUL byte): the request is wrong, nothing was written.
      request.log.info({ err: error }, 'data exception');
      return reply.status(400).send(fail(DATA_EXCEPTION_MESSAGE));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(fail(UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(fail('Internal Server Error'));
  });
});

const DATA_EXCEPTION_MESSAGE = 'A value in the request is out of range or not valid.';

/** SQLSTATE class 22 (data exception): caused by the input, never by the server. */
function isDataException(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again.';

/** SQLSTATE classes and codes that mean "not now" rather than "wrong". */
const UNAVAILABLE_SQLSTATES = /^(08|53|57P)|^57014$|^40001$|^40P01$/;
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);

/**
 * A database that cannot answer now (down, restarting, out of connections, a
 * statement over its timeout): the call gets a 503, not a 500.
 */
function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_ERRNOS.has(code))
    ) {
      return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The request content type is not supported.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return error.message;
  }
}
