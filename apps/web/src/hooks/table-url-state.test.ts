import { describe, expect, it } from 'vitest';
import {
  columnParams,
  hiddenColumns,
  nextParams,
  nextSort,
  readFilter,
  readHidden,
  readPage,
  readPageSize,
  readSort,
  sortDirectionOf,
  toggleHidden,
  viewQuery,
} from './table-url-state';

describe('readPage', () => {
  it('reads a whole page number of 1 or more, else 1', () => {
    expect(readPage('3')).toBe(3);
    expect(readPage(null)).toBe(1);
    expect(readPage('0')).toBe(1);
    expect(readPage('-2')).toBe(1);
    expect(readPage('2.5')).toBe(1);
    expect(readPage('abc')).toBe(1);
    expect(readPage('99999999999')).toBe(1);
  });
});

describe('readPageSize', () => {
  it('reads a size the pager offers, else none', () => {
    expect(readPageSize('25')).toBe(25);
    expect(readPageSize('100')).toBe(100);
    expect(readPageSize('11')).toBeNull();
    expect(readPageSize('1000')).toBeNull();
    expect(readPageSize('')).toBeNull();
    expect(readPageSize(null)).toBeNull();
  });
});

describe('sorting', () => {
  it('reads a field the list offers, either way, else the default order', () => {
    expect(readSort('amount', ['amount', 'created_at'])).toBe('amount');
    expect(readSort('-created_at', ['amount', 'created_at'])).toBe('-created_at');
    expect(readSort('password', ['amount'])).toBe('');
    expect(readSort('--amount', ['amount'])).toBe('');
    expect(readSort(null, ['amount'])).toBe('');
  });

  it('turns a header from its first direction to the other, then back to the default', () => {
    expect(nextSort('', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('');
    // Dates and amounts start from the largest.
    expect(nextSort('', 'amount', true)).toBe('-amount');
    expect(nextSort('-amount', 'amount', true)).toBe('amount');
    expect(nextSort('amount', 'amount', true)).toBe('');
    // Another column's sort gives way.
    expect(nextSort('-amount', 'name')).toBe('name');
  });

  it('tells each column its direction', () => {
    expect(sortDirectionOf('-amount', 'amount')).toBe('descending');
    expect(sortDirectionOf('amount', 'amount')).toBe('ascending');
    expect(sortDirectionOf('amount', 'name')).toBeNull();
  });
});

describe('readFilter', () => {
  it('keeps only allowed values', () => {
    expect(readFilter('Active', { one: ['Active', 'Inactive'] })).toBe('Active');
    expect(readFilter('active', { one: ['Active', 'Inactive'] })).toBe('');
    expect(readFilter(null, { one: ['Active'] })).toBe('');
  });

  it('keeps several allowed values once each, in the order offered', () => {
    const statuses = { many: ['Pending', 'Accept', 'Cancel'] };
    expect(readFilter('Cancel,Pending,Cancel,Nope', statuses)).toBe('Pending,Cancel');
    expect(readFilter('Nope', statuses)).toBe('');
  });

  it('reads days, ids and amounts, and nothing else', () => {
    expect(readFilter('2025-02-28', 'date')).toBe('2025-02-28');
    expect(readFilter('2025-02-30', 'date')).toBe('');
    expect(readFilter('2025-2-3', 'date')).toBe('');
    expect(readFilter('12', 'id')).toBe('12');
    expect(readFilter('0', 'id')).toBe('');
    expect(readFilter('1e3', 'id')).toBe('');
    expect(readFilter('12.5', 'amount')).toBe('12.5');
    expect(readFilter('-3', 'amount')).toBe('');
    expect(readFilter('1.234', 'amount')).toBe('');
    expect(readFilter(' Card ', 'text')).toBe('Card');
    expect(readFilter('x'.repeat(51), 'text')).toBe('');
  });
});

describe('nextParams', () => {
  const params = (text: string) => new URLSearchParams(text);

  it('sets the page and leaves page 1 out of the URL', () => {
    expect(nextParams(params('search=ann'), { page: 3 }, ['page']).toString()).toBe(
      'search=ann&page=3',
    );
    expect(nextParams(params('page=3&search=ann'), { page: 1 }, ['page']).toString()).toBe(
      'search=ann',
    );
  });

  it('goes back to page 1 on a new search or filter, and drops blanks', () => {
    expect(
      nextParams(params('page=3&search=ann&status=Active'), { search: 'bob' }, ['page']).toString(),
    ).toBe('search=bob&status=Active');
    expect(
      nextParams(params('page=3&search=ann&status=Active'), { status: null }, ['page']).toString(),
    ).toBe('search=ann');
    expect(nextParams(params('page=2&search=ann'), { search: '  ' }, ['page']).toString()).toBe('');
  });

  it('resets every page of the URL when the shared search changes', () => {
    expect(
      nextParams(params('tab=vehicles&driver_page=2&vehicle_page=4'), { search: 'ab' }, [
        'driver_page',
        'vehicle_page',
      ]).toString(),
    ).toBe('tab=vehicles&search=ab');
  });

  it('keeps other parameters', () => {
    expect(nextParams(params('driver_id=12'), { page: 2 }, ['page']).toString()).toBe(
      'driver_id=12&page=2',
    );
  });
});

describe('hidden columns in the URL', () => {
  it('reads column keys once each and drops anything else', () => {
    expect(readHidden(null)).toEqual([]);
    expect(readHidden('')).toEqual([]);
    expect(readHidden('email,phone,email')).toEqual(['email', 'phone']);
    expect(readHidden('email,<script>,Phone, registered ')).toEqual(['email', 'registered']);
  });

  it('writes none as blanks (left out of the URL)', () => {
    expect(columnParams([], [])).toEqual({ hide: '', show: '' });
    expect(columnParams(['contact', 'rides'], [])).toEqual({ hide: 'contact,rides', show: '' });
  });

  it("hides a list's default columns unless `show` names them, and those `hide` names", () => {
    const defaults = ['dob'];
    expect(hiddenColumns([], [], defaults)).toEqual(['dob']);
    expect(hiddenColumns(['contact'], [], defaults)).toEqual(['dob', 'contact']);
    expect(hiddenColumns([], ['dob'], defaults)).toEqual([]);
    expect(hiddenColumns(['contact'], ['dob'], defaults)).toEqual(['contact']);
    // `show` of a column not hidden by default changes nothing.
    expect(hiddenColumns([], ['contact'], defaults)).toEqual(['dob']);
  });

  it('writes only what differs from the defaults: `hide` beyond them, `show` of them', () => {
    const defaults = ['dob', 'rides'];
    expect(columnParams(['dob', 'rides'], defaults)).toEqual({ hide: '', show: '' });
    expect(columnParams(['rides', 'contact'], defaults)).toEqual({ hide: 'contact', show: 'dob' });
    expect(columnParams([], defaults)).toEqual({ hide: '', show: 'dob,rides' });
    // Read back, each gives the columns it was written from.
    for (const hidden of [['dob', 'rides'], ['contact', 'rides'], []]) {
      const { hide, show } = columnParams(hidden, defaults);
      expect(new Set(hiddenColumns(readHidden(hide), readHidden(show), defaults))).toEqual(
        new Set(hidden),
      );
    }
  });

  it("hides and shows one column, keeping the columns' order", () => {
    const order = ['name', 'contact', 'company', 'rides'];
    expect(toggleHidden(['rides'], 'contact', true, order)).toEqual(['contact', 'rides']);
    expect(toggleHidden(['contact', 'rides'], 'rides', false, order)).toEqual(['contact']);
    expect(toggleHidden([], 'contact', false, order)).toEqual([]);
  });
});

describe('viewQuery', () => {
  it('keeps filters, search, sort, page size and hidden and shown columns, not the page', () => {
    expect(
      viewQuery(
        '?page=4&per_page=50&sort=-created_at&approval=Pending&hide=contact,rides&show=dob&search=ann',
      ),
    ).toBe(
      'per_page=50&sort=-created_at&approval=Pending&hide=contact%2Crides&show=dob&search=ann',
    );
    expect(viewQuery('?driver_page=2&vehicle_page=3&item=driver-4&status=Active')).toBe(
      'status=Active',
    );
    expect(viewQuery('')).toBe('');
  });
});
