import { localizeMessage, negotiateLanguage } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type Envelope = { status: boolean; message: string; data: unknown };

const isEnvelope = (payload: unknown): payload is Envelope =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as Envelope).status === 'boolean' &&
  typeof (payload as Envelope).message === 'string' &&
  'data' in payload;

/** `data.errors` of a rejected request: field name -> message. */
function fieldErrorsOf(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'object' || data === null || !('errors' in data)) return undefined;
  const { errors } = data as { errors: unknown };
  return typeof errors === 'object' && errors !== null && !Array.isArray(errors)
    ? (errors as Record<string, unknown>)
    : undefined;
}

/**
 * ARCHITECTURE: messages answer in the language of `Accept-Language` where a
 * translation exists, English otherwise. Every route, the error handler and
 * the not-found handler write English (SPEC's exact text); this one hook
 * translates the envelope's `message` and its field errors on the way out,
 * from the contract's catalogues. The data itself is never touched.
 */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const vary = reply.getHeader('vary');
    if (
      !String(vary ?? '')
        .toLowerCase()
        .includes('accept-language')
    ) {
      reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
    }
    const language = negotiateLanguage(request.headers['accept-language']);
    reply.header('content-language', language);
    if (language === 'en' || !isEnvelope(payload)) return payload;

    const errors = fieldErrorsOf(payload.data);
    return {
      ...payload,
      message: localizeMessage(payload.message, language),
      data: errors
        ? {
            ...(payload.data as object),
            errors: Object.fromEntries(
              Object.entries(errors).map(([field, text]) => [
                field,
                typeof text === 'string' ? localizeMessage(text, language) : text,
              ]),
            ),
          }
        : payload.data,
    };
  });
});
