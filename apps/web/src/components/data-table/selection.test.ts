import { describe, expect, it } from 'vitest';
import {
  filterOf,
  NO_SELECTION,
  pageState,
  selectedCount,
  togglePage,
  toggleRow,
  type Selection,
} from './selection';

const page = [
  { id: 1, name: 'Ann' },
  { id: 2, name: 'Bob' },
  { id: 3, name: 'Cy' },
];
const ids = (selection: Selection) => [...selection.picked.keys()];

describe('selection of rows for a bulk action', () => {
  it('picks and lets go of rows, keeping their names', () => {
    const one = toggleRow(NO_SELECTION, page[0]!, true, page);
    const two = toggleRow(one, page[2]!, true, page);
    expect([...two.picked]).toEqual([
      [1, 'Ann'],
      [3, 'Cy'],
    ]);
    expect(pageState(two, page)).toBe('some');
    expect(ids(toggleRow(two, page[0]!, false, page))).toEqual([3]);
  });

  it('picks the whole page, and keeps picks made on another page', () => {
    const elsewhere = toggleRow(NO_SELECTION, { id: 40, name: 'Dee' }, true, []);
    const all = togglePage(elsewhere, page, true);
    expect(pageState(all, page)).toBe('all');
    expect(ids(all)).toEqual([40, 1, 2, 3]);
    expect(ids(togglePage(all, page, false))).toEqual([40]);
  });

  it('counts every matching row once all matching are selected', () => {
    const all: Selection = { ...togglePage(NO_SELECTION, page, true), all: true };
    expect(selectedCount(all, 1234)).toBe(1234);
    expect(pageState(all, page)).toBe('all');
    expect(selectedCount(togglePage(NO_SELECTION, page, true), 1234)).toBe(3);
  });

  it('letting one row go out of "all matching" leaves the rest of the page picked', () => {
    const all: Selection = { picked: new Map(), all: true };
    const next = toggleRow(all, page[1]!, false, page);
    expect(next.all).toBe(false);
    expect(ids(next)).toEqual([1, 3]);
    expect(togglePage(all, page, false)).toBe(NO_SELECTION);
  });

  it('an empty page reads as none picked', () => {
    expect(pageState({ picked: new Map(), all: true }, [])).toBe('none');
  });
});

describe('filterOf', () => {
  it('keeps the filters and search, drops paging, sort, format and blanks', () => {
    expect(
      filterOf({
        page: 3,
        per_page: 25,
        sort: '-created_at',
        format: 'csv',
        search: 'ann',
        approval: 'Pending',
        company_id: '12',
        status: '',
        from: undefined,
      }),
    ).toEqual({ search: 'ann', approval: 'Pending', company_id: '12' });
  });
});
