import { LOOKUP_MESSAGES, lookups } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { findLookups } from './lookups.repository';

/** The values the list filters offer (issue 18). */
export async function lookupRoutes(app: FastifyInstance) {
  route(app, lookups, async () => ({
    status: true,
    message: LOOKUP_MESSAGES.fetched,
    data: await findLookups(app.database.db),
  }));
}
