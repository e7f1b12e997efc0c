import type { ErrorEnvelope, FieldErrors } from '@cabdesk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';

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
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(fail('Internal Server Error'));
  });
});

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
