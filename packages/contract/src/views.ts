import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { idSchema, requiredText } from './envelope';
import { int } from './vocabulary';

/**
 * Saved views: an administrator's named filters, sort, page size and columns
 * of one list, kept as the list's URL query string. Personal: each
 * administrator sees and deletes only their own; a view is shared as a link
 * (the list's route with its query).
 */

/** The lists a view belongs to: the web app's list routes. */
export const VIEW_LISTS = [
  'user',
  'company',
  'driver',
  'vehicle',
  'trip',
  'sales',
  'faq',
  'coupon',
  'review',
  'expiring-documents',
  'administrators',
  'audit-log',
] as const;
export type ViewList = (typeof VIEW_LISTS)[number];

export const VIEW_NAME_MAX = 60;
export const VIEW_QUERY_MAX = 2000;
/** Views an administrator may keep of one list: view-list answers at most these. */
export const VIEWS_PER_LIST_MAX = 50;

export const VIEW_MESSAGES = {
  list: `list must be one of ${VIEW_LISTS.join(', ')}.`,
  nameRequired: 'Please enter a name for the view.',
  nameTooLong: `The name may be at most ${VIEW_NAME_MAX} characters.`,
  queryTooLong: `The view's query may be at most ${VIEW_QUERY_MAX} characters.`,
  listed: 'Saved views fetched successfully.',
  saved: 'View saved.',
  deleted: 'View deleted.',
  notFound: 'View not found.',
  tooMany: `You can keep at most ${VIEWS_PER_LIST_MAX} views of one list: delete one first.`,
} as const;

const viewListSchema = z.enum(VIEW_LISTS, { error: VIEW_MESSAGES.list });

const savedViewSchema = z.object({
  id: int(),
  list: viewListSchema,
  name: z.string(),
  /** The list's URL query string without the leading `?` (`status=Active&sort=-created_at`). */
  query: z.string(),
  created_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/**
 * POST view-save {list, name, query}: saves a view of the signed-in
 * administrator. Saving a name the administrator already has for that list
 * replaces that view's query (same id): names are unique per administrator
 * and list. `query` may start with `?` (dropped); blank is the list as it
 * opens.
 */
const viewSaveBodySchema = z.object({
  list: viewListSchema,
  name: requiredText(VIEW_MESSAGES.nameRequired, VIEW_NAME_MAX, VIEW_MESSAGES.nameTooLong),
  query: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^\?/, '') : v),
    z.string().max(VIEW_QUERY_MAX, VIEW_MESSAGES.queryTooLong),
  ),
});
export type ViewSaveBody = z.input<typeof viewSaveBodySchema>;

// ---------------------------------------------------------------- calls

const viewCalls = area('Saved views', EVERY_ROLE);

export const viewList = viewCalls.get('view-list', {
  summary: "The signed-in administrator's saved views of one list, by name.",
  input: z.object({ list: viewListSchema }),
  data: z.array(savedViewSchema),
});

export const viewSave = viewCalls.post('view-save', {
  summary: 'Save a view of a list (a name already used for that list is replaced).',
  input: viewSaveBodySchema,
  data: savedViewSchema,
});

export const viewDelete = viewCalls.post('view-delete', {
  summary: 'Delete one of your saved views (404 for anyone else’s).',
  input: z.object({ id: idSchema }),
  data: z.object({ id: int() }),
});
