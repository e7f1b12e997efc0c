import { HISTORY_MESSAGES, recordHistory } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { recordExists, recordNotFound } from '../notes';
import { listHistory } from './history.repository';

/** record-history: a record's audit rows, for its History tab. */
export async function historyRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, recordHistory, async (request) => {
    const { table, id, ...page } = request.query;
    if (!(await recordExists(db, table, id, false))) throw recordNotFound(table);
    return {
      status: true,
      message: HISTORY_MESSAGES.historyFetched,
      data: await listHistory(db, table, id, page),
    };
  });
}
