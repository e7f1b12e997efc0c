import { describe, expect, it } from 'vitest';
import { boundedLimitOf, boundedTotal, isPastEnd, lastPageOf, offsetOf, pageOf } from './paging';
import { containsPattern, escapeLike } from './search';
import { uploadUrl, uploadUrls } from './uploads';

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
    expect(boundedLimitOf({ page: 3, per_page: 10 })).toBe(131);
    expect(boundedTotal(131, { page: 3, per_page: 10 })).toEqual({ total: 130, exact: false });
    expect(boundedTotal(130, { page: 3, per_page: 10 })).toEqual({ total: 130, exact: true });
    expect(boundedTotal(0, { page: 1, per_page: 10 })).toEqual({ total: 0, exact: true });
    expect(pageOf([], 130, { page: 3, per_page: 10 }, false)).toMatchObject({
      last_page: 13,
      total: 130,
      total_exact: false,
    });
  });
});

describe('search', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(containsPattern("O'Brien 100%")).toBe("%O'Brien 100\\%%");
  });
});

describe('uploads', () => {
  it('serves stored paths under /uploads/, keeps URLs, drops blanks', () => {
    expect(uploadUrl('seed/profile-1.svg')).toBe('/uploads/seed/profile-1.svg');
    expect(uploadUrl('/seed/a b.svg')).toBe('/uploads/seed/a%20b.svg');
    expect(uploadUrl('/uploads/x.svg')).toBe('/uploads/x.svg');
    expect(uploadUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(uploadUrl('')).toBeNull();
    expect(uploadUrl(null)).toBeNull();
    expect(uploadUrls(['a.svg', '', null])).toEqual(['/uploads/a.svg']);
  });
});
