import type { FastifyInstance } from 'fastify';
import { readForm, type RequestHeaders } from '../../lib/form-data';
import { HttpError } from '../../lib/http-error';

const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Form data (SPEC 7: newPassword is posted as form data): both
 * `application/x-www-form-urlencoded` and `multipart/form-data` (what a
 * browser's FormData sends), fields only. Parsed by the platform's own
 * `Response.formData()`; a file part or a broken body is a 400.
 */
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    async (request: { headers: RequestHeaders }, body: Buffer) => {
      const form = await readForm(request.headers, body);
      const fields: Record<string, string> = {};
      for (const [name, value] of form) {
        if (typeof value !== 'string') throw new HttpError(400, 'Files are not accepted here.');
        fields[name] = value;
      }
      return fields;
    },
  );
}
