import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';
import { loadUploadSigningKey } from '../lib/upload-key';
import { createUploadSigner, UPLOADS_PREFIX, type UploadSigner } from '../lib/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Turns stored upload paths into the signed URLs an answer carries. */
    uploads: UploadSigner;
  }
}

/** The file names served from the upload directory. */
const UPLOADED_IMAGE = /^\/(?:[\w-]+\/)*[\w.-]+\.(?:png|jpe?g|gif|webp|avif|svg)$/i;

const UPLOAD_LINK_REFUSED = 'This link to a file is not valid or has expired.';

/**
 * The upload directory at `/uploads/`: images only, nothing outside it, and
 * only through a URL the API signed (lib/uploads.ts) that has not expired;
 * anything else answers 403. A signed file is cached privately, no longer than
 * its URL lives.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  const signer = createUploadSigner(loadUploadSigningKey(app.config));
  app.decorate('uploads', signer);

  mkdirSync(app.config.uploadDir, { recursive: true });
  await app.register(async (files) => {
    files.addHook('onRequest', async (request) => {
      if (signer.secondsLeft(request.url) === null) throw new HttpError(403, UPLOAD_LINK_REFUSED);
    });
    await files.register(fastifyStatic, {
      root: app.config.uploadDir,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      cacheControl: false,
      // Images only: anything else in the directory (HTML, scripts, dotfiles) is not served.
      allowedPath: (pathName) => UPLOADED_IMAGE.test(pathName),
      // Called only when a file is sent: errors keep the API's `no-store`.
      setHeaders: (reply) =>
        reply.header(
          'cache-control',
          `private, max-age=${signer.secondsLeft(reply.request.url) ?? 0}`,
        ),
    });
  });
});
