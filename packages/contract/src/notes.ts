import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { idSchema, pagedSchema, pageQuerySchema, requiredText } from './envelope';
import { adminRefSchema, int } from './vocabulary';

/**
 * The records that carry notes and a history, by SPEC 7's table names:
 * passengers, drivers and companies (users), vehicles, and trips (rides).
 */
export const ANNOTATED_TABLES = ['users', 'vehicles', 'rides'] as const;
export type AnnotatedTable = (typeof ANNOTATED_TABLES)[number];
export const annotatedTableSchema = z.enum(ANNOTATED_TABLES, {
  error: 'table must be users, vehicles or rides.',
});

export const NOTE_MAX = 2000;

export const NOTE_MESSAGES = {
  textRequired: 'Please enter a note.',
  textTooLong: `A note may be at most ${NOTE_MAX} characters.`,
  noteAdded: 'Note added successfully.',
  notesFetched: 'Notes fetched successfully.',
} as const;

/** The note form of Cabdesk's screens, and the text of note-add. */
export const noteFormSchema = z.object({
  text: requiredText(NOTE_MESSAGES.textRequired, NOTE_MAX, NOTE_MESSAGES.textTooLong),
});

/** An internal note: who wrote it (null once that administrator is gone), when, and what. */
const noteSchema = z.object({
  id: int(),
  text: z.string(),
  created_at: z.string(),
  admin: adminRefSchema.nullable(),
});
export type Note = z.infer<typeof noteSchema>;

/** The record a note or history call is about (404 when there is no such record). */
export const recordRefSchema = z.object({ table: annotatedTableSchema, id: idSchema });

// ---------------------------------------------------------------- calls

const noteCalls = area('Review desk', EVERY_ROLE);

export const noteAdd = noteCalls.post('note-add', {
  summary: 'Add an internal note to a passenger, driver, company, vehicle or trip (audited).',
  input: recordRefSchema.extend(noteFormSchema.shape),
  data: noteSchema,
  roles: ['Owner', 'Operator'],
});

export const noteList = noteCalls.get('note-list', {
  summary: 'The internal notes of a record, newest first, paged.',
  input: recordRefSchema.extend(pageQuerySchema.pick({ page: true, per_page: true }).shape),
  data: pagedSchema(noteSchema),
});
