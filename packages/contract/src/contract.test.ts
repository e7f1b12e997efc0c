import { describe, expect, it } from 'vitest';
import { loginFormSchema, pageQuerySchema, PER_PAGE_DEFAULT } from './index';

const messages = (input: unknown) => {
  const result = loginFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe('login form', () => {
  it('carries the three messages of SPEC 5', () => {
    expect(messages({ email: '', password: '' })).toEqual({
      email: 'Please provide a email.',
      password: 'Please enter a password.',
    });
    expect(messages({ password: 'x' })).toEqual({ email: 'Please provide a email.' });
    expect(messages({ email: 'someone@', password: 'x' })).toEqual({
      email: 'Please enter valid email.',
    });
    expect(messages({ email: ' admin@example.com ', password: 'x' })).toEqual({});
  });
});

describe('page query', () => {
  it('defaults the page and page size, and treats blanks as absent', () => {
    expect(pageQuerySchema.parse({ page: '', search: '  ' })).toEqual({
      page: 1,
      per_page: PER_PAGE_DEFAULT,
    });
    expect(pageQuerySchema.parse({ page: '3', per_page: '25', search: ' ali ' })).toEqual({
      page: 3,
      per_page: 25,
      search: 'ali',
    });
  });

  it('refuses a page that is not a positive whole number, and oversized pages', () => {
    for (const page of ['abc', '0', '-1', '1.5', '0x2', ' 2', '2e0', '+2', ['2'], true]) {
      expect(pageQuerySchema.safeParse({ page }).success).toBe(false);
    }
    expect(pageQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
  });

  it('takes a search of one line: a line break or another control character is refused', () => {
    for (const search of ['mill\nroad', 'a\tb', 'x\u007fy']) {
      const result = pageQuerySchema.safeParse({ search });
      expect(result.error?.issues[0]?.message).toBe(
        'Search must be one line of text, without control characters.',
      );
    }
    expect(pageQuerySchema.parse({ search: ' O’Brien-Smith 50% ' }).search).toBe(
      'O’Brien-Smith 50%',
    );
  });
});
