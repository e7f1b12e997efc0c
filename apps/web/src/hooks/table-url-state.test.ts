import { describe, expect, it } from 'vitest';
import { nextParams, readChoice, readPage } from './table-url-state';

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

describe('readChoice', () => {
  it('keeps only allowed values', () => {
    expect(readChoice('Active', ['Active', 'Inactive'])).toBe('Active');
    expect(readChoice('active', ['Active', 'Inactive'])).toBe('');
    expect(readChoice(null, ['Active'])).toBe('');
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
