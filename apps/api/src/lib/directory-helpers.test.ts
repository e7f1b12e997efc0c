import { describe, expect, it } from 'vitest';
import {
  boundedAskOf,
  boundedLimitOf,
  boundedPageOf,
  isPastEnd,
  lastPageOf,
  offsetOf,
  pageOf,
  SEARCH_WINDOW,
} from './paging';
import { containsPattern, escapeLike } from './search';

describe('paging', () => {
  it('turns page and size into offset, last page and the paged answer', () => {
    expect(offsetOf({ page: 1, per_page: 10 })).toBe(0);
    expect(offsetOf({ page: 3, per_page: 25 })).toBe(50);
    expect(lastPageOf(0, 10)).toBe(1);
    expect(lastPageOf(10, 10)).toBe(1);
    expect(lastPageOf(11, 10)).toBe(2);
    expect(isPastEnd({ page: 2, per_page: 10 }, 10)).toBe(true);
    expect(isPastEnd({ page: 2, per_page: 10 }, 11)).toBe(false);
    expect(pageOf(['a'], 21, { page: 3, per_page: 10 })).toEqual({
      data: ['a'],
      current_page: 3,
      last_page: 3,
      per_page: 10,
      total: 21,
      total_exact: true,
    });
  });

  it('counts a bounded list up to ten pages past the one asked for', () => {
    // Page 3 of 10: every row up to the end of page 3, ten pages more, and one to see past them.
    const page3 = { page: 3, per_page: 10 };
    expect(boundedLimitOf(page3)).toBe(131);
    expect(boundedPageOf(rowsUpTo(131), page3)).toEqual({
      rows: [21, 22, 23, 24, 25, 26, 27, 28, 29, 30],
      total: 130,
      exact: false,
    });
    expect(boundedPageOf(rowsUpTo(130), page3)).toMatchObject({ total: 130, exact: true });
    expect(boundedPageOf(rowsUpTo(25), page3)).toEqual({
      rows: [21, 22, 23, 24, 25],
      total: 25,
      exact: true,
    });
    expect(boundedPageOf([], { page: 1, per_page: 10 })).toEqual({
      rows: [],
      total: 0,
      exact: true,
    });
    // A search that filled the page but stopped short of the ten pages (its walk was
    // cut): what it found is the total, a lower bound, and page 4 is offered.
    expect(boundedAskOf(page3)).toEqual({ limit: 131, need: 31 });
    expect(boundedPageOf(rowsUpTo(36), page3, false)).toEqual({
      rows: [21, 22, 23, 24, 25, 26, 27, 28, 29, 30],
      total: 36,
      exact: false,
    });
    expect(pageOf([], 130, page3, false)).toMatchObject({
      last_page: 13,
      total: 130,
      total_exact: false,
    });
  });

  it('counts a bounded list no deeper than the search window', () => {
    // Page 999 of 10: the ten pages ahead would end at row 10,090; the window ends at 10,000.
    const page999 = { page: 999, per_page: 10 };
    expect(boundedLimitOf(page999)).toBe(SEARCH_WINDOW + 1);
    expect(boundedPageOf(rowsUpTo(SEARCH_WINDOW + 1), page999)).toMatchObject({
      rows: rowsUpTo(9990).slice(-10),
      total: SEARCH_WINDOW,
      exact: false,
    });
    // The row past the window only says more follow: the page after the window shows nothing.
    expect(boundedPageOf(rowsUpTo(SEARCH_WINDOW + 1), { page: 1001, per_page: 10 })).toEqual({
      rows: [],
      total: SEARCH_WINDOW,
      exact: false,
    });
    const deepest = { page: 1_000_000, per_page: 100 };
    expect(boundedLimitOf(deepest)).toBe(SEARCH_WINDOW + 1);
    expect(boundedAskOf(deepest).need).toBe(SEARCH_WINDOW + 1);
    expect(boundedPageOf(rowsUpTo(SEARCH_WINDOW), deepest)).toEqual({
      rows: [],
      total: SEARCH_WINDOW,
      exact: true,
    });
  });
});

/** Rows 1..n of a list, in list order. */
const rowsUpTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('search', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(containsPattern("O'Brien 100%")).toBe("%O'Brien 100\\%%");
  });
});
