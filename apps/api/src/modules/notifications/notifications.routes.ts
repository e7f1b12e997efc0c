import { notificationResponseSchema, paths } from '@cabdesk/contract';
import { desc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifications } from '../../db/schema';
import { sessionOf } from '../../plugins/auth';

/** How many of the latest notifications the header dropdown lists. */
const LATEST = 20;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    paths.notification,
    { schema: { response: { 200: notificationResponseSchema } } },
    async (request) => {
      const { adminId } = sessionOf(request);
      const rows = await app.database.db
        .select()
        .from(notifications)
        .where(or(isNull(notifications.adminId), eq(notifications.adminId, adminId)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(LATEST);
      return {
        status: true,
        message: 'Notifications fetched successfully.',
        data: {
          data: rows.map((n) => ({
            id: n.id,
            title: n.title,
            message: n.message,
            created_at: n.createdAt.toISOString(),
            read_at: n.readAt?.toISOString() ?? null,
          })),
        },
      };
    },
  );
};
