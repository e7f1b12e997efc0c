import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import { boundedAskOf } from './paging';
import { firstMatches, GOES_ON, walkFirst, type SearchWays } from './search';

/**
 * A list of 20,000 rows numbered 1 up, where every `every`-th row matches,
 * searched for page 1 (11 rows wanted, 111 at most): the walk reads the
 * numbers in order, and the rare-term way answers only -1, so an answer shows
 * which way found it. `goesOn` as the trips' word searches ask.
 */
const everyNth = (every: number, goesOn = GOES_ON.words): SearchWays => ({
  goesOn,
  walk: (limit, span) =>
    walkFirst(
      sql`select g as id from generate_series(1, 20000) g order by g`,
      sql`w.id % ${every} = 0`,
      limit,
      span,
    ),
  sparse: () => sql`select -1 as id`,
});

const firstPage = boundedAskOf({ page: 1, per_page: 10 });
const multiples = (every: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: every * (i + 1) }));

describe('firstMatches', () => {
  it('walks on past its budget for a term whose rate fills the page within the budgets allowed, else lists it by its indexes', async () => {
    const database = await createTestDatabase();
    const search = (every: number, goesOn?: number) =>
      firstMatches(database.db, firstPage, everyNth(every, goesOn));

    // One row in 200: 16 of the first 3,300 fill the page; the walk stops there, cut.
    expect(await search(200)).toEqual({ ids: multiples(200, 16), complete: false });
    // One in 400: 8 of the first 3,300 promise the page; the walk goes on until it is full.
    expect(await search(400)).toEqual({ ids: multiples(400, 11), complete: false });
    // Unless it may not go on.
    expect(await search(400, 0)).toEqual({ ids: [{ id: -1 }], complete: true });
    // One in 1,500: 2 do not within two budgets; its matches are listed by the other way.
    expect(await search(1_500)).toEqual({ ids: [{ id: -1 }], complete: true });
    // Within five (a trips' digits walk), they do: the walk goes on until the page is full.
    expect(await search(1_500, GOES_ON.digits)).toEqual({
      ids: multiples(1_500, 11),
      complete: false,
    });
    // One in 2,000: 1 does not, even within five.
    expect(await search(2_000, GOES_ON.digits)).toEqual({ ids: [{ id: -1 }], complete: true });
    // One in 10: ten pages ahead within the first 3,300, counted exactly that far.
    expect(await search(10)).toEqual({ ids: multiples(10, 111), complete: true });
  });
});
