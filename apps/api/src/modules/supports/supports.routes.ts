import {
  arrayOrPageQuerySchema,
  CONTENT_MESSAGES,
  envelopeSchema,
  paths,
  supportAddRequestSchema,
  supportListResponseSchemas,
  supportSchema,
  supportUpdateRequestSchema,
} from '@cabdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit';
import { arrayOrPage } from '../../lib/paging';
import { HttpError } from '../../lib/http-error';
import {
  countSupports,
  insertSupport,
  listSupports,
  lockSupport,
  toSupport,
  updateSupport,
} from './supports.repository';

/** FAQ entries (SPEC calls them supports). Deleting goes through delete-data. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    paths.supportList,
    {
      schema: {
        querystring: arrayOrPageQuerySchema,
        response: { 200: supportListResponseSchemas.either },
      },
    },
    async (request) => ({
      status: true,
      message: CONTENT_MESSAGES.supportListed,
      data: await arrayOrPage(request.query, {
        rows: async (limit, offset) => (await listSupports(db, limit, offset)).map(toSupport),
        count: () => countSupports(db),
      }),
    }),
  );

  app.post(
    paths.supportAdd,
    { schema: { body: supportAddRequestSchema, response: { 200: envelopeSchema(supportSchema) } } },
    async (request) => {
      const row = await db.transaction(async (tx) => {
        const created = await insertSupport(tx, request.body);
        await audit(tx, request, {
          action: 'create',
          tableName: 'supports',
          recordId: created.id,
          after: toSupport(created),
        });
        return created;
      });
      return { status: true, message: CONTENT_MESSAGES.supportAdded, data: toSupport(row) };
    },
  );

  app.post(
    paths.supportUpdate,
    {
      schema: {
        body: supportUpdateRequestSchema,
        response: { 200: envelopeSchema(supportSchema) },
      },
    },
    async (request) => {
      const { support_id, question, answer } = request.body;
      const row = await db.transaction(async (tx) => {
        const before = await lockSupport(tx, support_id);
        if (!before) throw new HttpError(404, CONTENT_MESSAGES.supportMissing);
        const after = await updateSupport(tx, support_id, { question, answer });
        await audit(tx, request, {
          action: 'update',
          tableName: 'supports',
          recordId: support_id,
          before: toSupport(before),
          after: toSupport(after),
        });
        return after;
      });
      return { status: true, message: CONTENT_MESSAGES.supportUpdated, data: toSupport(row) };
    },
  );
};
