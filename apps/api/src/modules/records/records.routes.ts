import {
  approvalBodySchema,
  approvalResponseSchema,
  deleteDataBodySchema,
  deleteDataResponseSchema,
  DIRECTORY_MESSAGES,
  paths,
  statusUpdateBodySchema,
  statusUpdateResponseSchema,
} from '@cabdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { softDelete, updateApproval, updateStatus } from './records.repository';

/**
 * status-update, approval-user and delete-data (SPEC 7). Each is one
 * transaction: the row is locked, checked, changed and audited together.
 */
export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    paths.statusUpdate,
    {
      schema: { body: statusUpdateBodySchema, response: { 200: statusUpdateResponseSchema } },
    },
    async (request) => {
      const { id, status } = request.body;
      return {
        status: true,
        message: DIRECTORY_MESSAGES.statusUpdated,
        data: await updateStatus(db, request, id, status),
      };
    },
  );

  app.post(
    paths.approvalUser,
    { schema: { body: approvalBodySchema, response: { 200: approvalResponseSchema } } },
    async (request) => {
      const { id, table, approval } = request.body;
      return {
        status: true,
        message: DIRECTORY_MESSAGES.approvalUpdated,
        data: await updateApproval(db, request, table, id, approval),
      };
    },
  );

  app.post(
    paths.deleteData,
    { schema: { body: deleteDataBodySchema, response: { 200: deleteDataResponseSchema } } },
    async (request) => {
      const { id, table } = request.body;
      return {
        status: true,
        message: DIRECTORY_MESSAGES.deleted,
        data: await softDelete(db, request, table, id),
      };
    },
  );
};
