import {
  DIRECTORY_MESSAGES,
  NOTE_MESSAGES,
  noteAdd,
  noteList,
  RIDE_MESSAGES,
  type AnnotatedTable,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { addNote, listNotes, recordExists } from './notes.repository';

/** The 404 of a record that notes and history cannot find. */
export const recordNotFound = (table: AnnotatedTable) =>
  new HttpError(
    404,
    table === 'users'
      ? DIRECTORY_MESSAGES.userNotFound
      : table === 'vehicles'
        ? DIRECTORY_MESSAGES.vehicleNotFound
        : RIDE_MESSAGES.rideNotFound,
  );

/** note-add and note-list: internal notes on passengers, drivers, companies, vehicles and trips. */
export async function noteRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, noteAdd, async (request) => {
    const { table, id, text } = request.body;
    const note = await addNote(db, request, table, id, text);
    if (!note) throw recordNotFound(table);
    return { status: true, message: NOTE_MESSAGES.noteAdded, data: note };
  });

  route(app, noteList, async (request) => {
    const { table, id, ...page } = request.query;
    if (!(await recordExists(db, table, id, false))) throw recordNotFound(table);
    return {
      status: true,
      message: NOTE_MESSAGES.notesFetched,
      data: await listNotes(db, table, id, page),
    };
  });
}
