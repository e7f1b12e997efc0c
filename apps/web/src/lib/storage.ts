/**
 * The local-storage keys of SPEC 3, kept exactly so existing habits and tools
 * work. The key read is the key written.
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  userId: 'UserId',
  isLogin: 'isLogin',
  language: 'setLanguage',
  /** light or dark, chosen with the header's switch (Mantine's colour-scheme manager). */
  colorScheme: 'colorScheme',
  fcmToken: 'fcm_token',
  /** The page size chosen on each list: `{"trips":50}` (cleared with the rest at sign-out). */
  pageSizes: 'pageSizes',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Storage can throw (privacy modes, quotas): treat that as "nothing stored". */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the session then lasts as long as the page.
  }
}

/** The page sizes chosen so far, by list; anything unreadable counts as none. */
function storedPageSizes(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.pageSizes) ?? '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The page size last chosen on a list, as stored (the caller checks it). */
export function storedPageSize(list: string): unknown {
  return storedPageSizes()[list];
}

/** Remembers the page size chosen on a list, for the next time it opens. */
export function rememberPageSize(list: string, size: number): void {
  writeStorage(STORAGE_KEYS.pageSizes, JSON.stringify({ ...storedPageSizes(), [list]: size }));
}

/** Signed in means the stored flag equals 1 (SPEC 2). */
export function isSignedIn(): boolean {
  return readStorage(STORAGE_KEYS.isLogin) === '1';
}

export function saveSession(session: { token: string; userId: number }): void {
  writeStorage(STORAGE_KEYS.accessToken, session.token);
  writeStorage(STORAGE_KEYS.userId, String(session.userId));
  writeStorage(STORAGE_KEYS.isLogin, '1');
}

/** Preferences of the person at this browser, not of the session. */
const PREFERENCES = [STORAGE_KEYS.language, STORAGE_KEYS.colorScheme];

/**
 * SPEC 2 and 8: signing out and a 401 empty local storage, all but the
 * language (`setLanguage`) and the colour scheme chosen: preferences of the
 * person at this browser, not of the session, which would otherwise flip the
 * login page back to English or to light (docs/decisions/003-language-preference.md).
 */
export function clearStorage(): void {
  try {
    const kept = PREFERENCES.map((key) => [key, window.localStorage.getItem(key)] as const);
    window.localStorage.clear();
    for (const [key, value] of kept) if (value !== null) window.localStorage.setItem(key, value);
  } catch {
    // Nothing stored that we could reach.
  }
}
