import { VIEW_MESSAGES, viewDelete, viewList, viewSave } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { sessionOf } from '../auth';
import { deleteView, listViews, saveView } from './views.repository';

/** view-list, view-save, view-delete: each administrator's own saved views of the lists. */
export async function viewRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, viewList, async (request) => ({
    status: true,
    message: VIEW_MESSAGES.listed,
    data: await listViews(db, sessionOf(request).adminId, request.query.list),
  }));

  route(app, viewSave, async (request) => {
    const actor = { ip: request.ip, session: sessionOf(request) };
    const saved = await saveView(db, actor, request.body);
    if (!saved) throw new HttpError(400, VIEW_MESSAGES.tooMany, { name: VIEW_MESSAGES.tooMany });
    return { status: true, message: VIEW_MESSAGES.saved, data: saved };
  });

  route(app, viewDelete, async (request) => {
    const actor = { ip: request.ip, session: sessionOf(request) };
    // Someone else's view is as missing as one that never was.
    if (!(await deleteView(db, actor, request.body.id))) {
      throw new HttpError(404, VIEW_MESSAGES.notFound);
    }
    return { status: true, message: VIEW_MESSAGES.deleted, data: { id: request.body.id } };
  });
}
