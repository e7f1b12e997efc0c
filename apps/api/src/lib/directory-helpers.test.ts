import { describe, expect, it } from 'vitest';
import { isPastEnd, lastPageOf, offsetOf, pageOf } from './paging';
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
    });
  });
});

describe('search', () => {
  it('escapes the LIKE wildcards and the escape character, and lower-cases', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(containsPattern("O'Brien 100%")).toBe("%o'brien 100\\%%");
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
