import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  DOCUMENT_MAX_BYTES,
  imageTypeOf,
  INTEGRATION_DOCUMENTS,
  INTEGRATION_MESSAGES,
  integrationDocuments,
  type UploadedFile,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { readForm, type RequestHeaders } from '../../lib/form-data';
import { randomUploadName } from '../../lib/uploads';
import { route } from '../../lib/route';
import { expiryOf, saveDocument } from './documents.repository';
import { idempotent } from './idempotency';
import { onField } from '../../lib/http-error';

/** Where the integration API's uploads go, under the upload root. */
const UPLOAD_SUBDIR = 'integration';

/** Room for the form's text fields and the parts' headers beside the largest file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * A file part as the route reads it: its bytes and their hash, which is what
 * an Idempotency-Key compares (`toJSON`), so a retry of the same upload is
 * the same request.
 */
function uploadedFile(filename: string, bytes: Uint8Array): UploadedFile {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return {
    filename,
    bytes,
    sha256,
    toJSON: () => ({ filename, size: bytes.length, sha256 }),
  };
}

/**
 * `multipart/form-data` bodies of this door: text fields as strings, file
 * parts as UploadedFile. Parsed by the platform's `Response.formData()`, as
 * the admin API's form bodies are; a broken body is a 400, a body past the
 * largest file a 413.
 */
function acceptMultipart(app: FastifyInstance) {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: DOCUMENT_MAX_BYTES + FORM_OVERHEAD_BYTES },
    async (request: { headers: RequestHeaders }, body: Buffer) => {
      const form = await readForm(request.headers, body);
      const fields: Record<string, string | UploadedFile> = {};
      for (const [name, value] of form) {
        fields[name] =
          typeof value === 'string'
            ? value
            : uploadedFile(value.name, new Uint8Array(await value.arrayBuffer()));
      }
      return fields;
    },
  );
}

/**
 * `POST documents`: an image of a driver's, company's or vehicle's document
 * by the marketplace's id. The file is checked by its bytes (an image of
 * DOCUMENT_IMAGE_TYPES, at most DOCUMENT_MAX_BYTES), written under a random
 * name, and set on the record in one transaction; the file it replaces is
 * removed once that commits, the new one if it does not.
 */
export async function integrationDocumentRoutes(app: FastifyInstance) {
  acceptMultipart(app);
  route(app, integrationDocuments, async (request, reply) => {
    const body = request.body;
    const extension = imageTypeOf(body.file.bytes)!;
    const path = `${UPLOAD_SUBDIR}/${randomUploadName(extension)}`;
    const file = join(app.config.uploadDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, body.file.bytes);
    const done = { replaced: null as string | null };
    try {
      const answer = await idempotent(
        app.database,
        request,
        reply,
        integrationDocuments,
        async (tx) => {
          const now = app.clock();
          const result = await saveDocument(tx, body, path, now);
          if (result.kind === 'deleted') {
            throw onField(409, 'external_id', INTEGRATION_MESSAGES.deleted);
          }
          if (result.kind === 'no-record') {
            const role = INTEGRATION_DOCUMENTS[body.document].role;
            throw onField(
              422,
              'external_id',
              role === null
                ? INTEGRATION_MESSAGES.noVehicle
                : INTEGRATION_MESSAGES.noPerson.replace('{role}', role.toLowerCase()),
            );
          }
          done.replaced = result.previous;
          return {
            status: true as const,
            message: INTEGRATION_MESSAGES.documentSaved,
            data: {
              id: result.id,
              external_id: body.external_id,
              document: body.document,
              created: !result.previous,
              expires_on: await expiryOf(tx, body, result.id),
            },
          };
        },
      );
      // A replay wrote nothing: its new file is not needed.
      if (reply.getHeader('idempotent-replayed') === 'true') await rm(file, { force: true });
      else if (done.replaced) await removeUpload(app.config.uploadDir, done.replaced);
      return answer;
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  });
}

/** Removes a replaced upload of this door (never the seed's or another server's). */
async function removeUpload(uploadDir: string, stored: string) {
  if (!stored.startsWith(`${UPLOAD_SUBDIR}/`) || stored.includes('..')) return;
  await rm(join(uploadDir, stored), { force: true });
}
