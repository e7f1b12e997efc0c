import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, rememberPageSize, storedPageSize } from './storage';

function stubStorage(stored: Record<string, string>) {
  const storage = new Map(Object.entries(stored));
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      clear: () => storage.clear(),
    },
  });
  return storage;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page size of each list', () => {
  it('is remembered per list, one key for all', () => {
    const storage = stubStorage({});
    expect(storedPageSize('trips')).toBeUndefined();
    rememberPageSize('trips', 50);
    rememberPageSize('sales', 25);
    rememberPageSize('trips', 100);
    expect(storedPageSize('trips')).toBe(100);
    expect(storedPageSize('sales')).toBe(25);
    expect(JSON.parse(storage.get('pageSizes') ?? '')).toEqual({ trips: 100, sales: 25 });
  });

  it('reads a damaged value as nothing chosen, and a new choice repairs it', () => {
    stubStorage({ pageSizes: '{not json' });
    expect(storedPageSize('trips')).toBeUndefined();
    rememberPageSize('trips', 25);
    expect(storedPageSize('trips')).toBe(25);
    stubStorage({ pageSizes: '[50]' });
    expect(storedPageSize('0')).toBeUndefined();
  });

  it('goes at sign-out with the session; the language and the colour scheme stay', () => {
    const storage = stubStorage({ setLanguage: 'es', colorScheme: 'dark', access_token: 't' });
    rememberPageSize('trips', 50);
    clearStorage();
    expect(Object.fromEntries(storage)).toEqual({ setLanguage: 'es', colorScheme: 'dark' });
  });
});
