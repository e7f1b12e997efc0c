import { LOOKUP_KINDS, mayLookUp, RECORD_LOOKUP_MESSAGES, recordLookup } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../auth';
import { lookUp } from './palette.repository';

/** lookup: the command palette's search, of the kinds the administrator's role reads. */
export async function paletteRoutes(app: FastifyInstance) {
  route(app, recordLookup, async (request) => {
    const { role } = sessionOf(request);
    const kinds = LOOKUP_KINDS.filter((kind) => mayLookUp(role, kind));
    return {
      status: true,
      message: RECORD_LOOKUP_MESSAGES.found,
      data: await lookUp(app.database.db, request.query.q, kinds),
    };
  });
}
