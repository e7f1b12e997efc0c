import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `%`, `_` and `\` are wildcards or the escape character of LIKE; escaped here so
 * a search for `50%` or `a_b` matches those characters literally.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pattern of a case-insensitive substring search, for a lower-cased `search` column. */
export const containsPattern = (term: string) => `%${escapeLike(term.toLowerCase())}%`;

/**
 * `column ILIKE '%term%'` with the term bound as a parameter and matched literally.
 * The `search` columns are lower-cased already, and pg_trgm GIN indexes serve ILIKE.
 */
export const contains = (column: SQLWrapper, term: string): SQL =>
  sql`${column} ilike ${containsPattern(term)} escape '\\'`;
