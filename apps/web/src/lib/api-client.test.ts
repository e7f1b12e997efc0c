import { API_BASE } from '@cabdesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setUnauthorizedHandler, UnauthorizedError } from './api-client';

/** A browser-shaped world for the client: location, local storage and fetch. */
function stubBrowser(stored: Record<string, string>) {
  const storage = new Map(Object.entries(stored));
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
    clear: () => storage.clear(),
  };
  vi.stubGlobal('window', { location: { origin: 'http://admin.test' }, localStorage });
  return storage;
}

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the API client', () => {
  const onUnauthorized = vi.fn();
  beforeEach(() => setUnauthorizedHandler(onUnauthorized));
  afterEach(() => {
    vi.unstubAllGlobals();
    onUnauthorized.mockReset();
  });

  it('sends the bearer token, JSON Accept and the stored language', async () => {
    stubBrowser({ access_token: 'tok', setLanguage: 'en' });
    const fetchMock = answer(200, { status: true, message: 'ok', data: { n: 1 } });
    await expect(api.get('dashboard', { page: 2, search: undefined })).resolves.toEqual({
      status: true,
      message: 'ok',
      data: { n: 1 },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${API_BASE}dashboard?page=2`);
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer tok',
      'Accept-Language': 'en',
    });
  });

  it('sends an empty Authorization and English when nothing is stored', async () => {
    stubBrowser({});
    const fetchMock = answer(200, { status: true, message: 'ok', data: null });
    await api.post('login', { email: 'a@b.c' });
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.headers).toMatchObject({ Authorization: '', 'Accept-Language': 'en' });
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.c' }));
  });

  it('ends the session on a 401 and does not replay the call', async () => {
    const storage = stubBrowser({ access_token: 'old', isLogin: '1', UserId: '1' });
    const fetchMock = answer(401, { status: false, message: 'Unauthenticated.', data: null });
    await expect(api.get('dashboard')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(storage.size).toBe(0);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 of the login call to the form', async () => {
    const storage = stubBrowser({ fcm_token: 'push' });
    answer(401, { status: false, message: 'Invalid email or password.', data: null });
    const failure = api.post('login', {});
    await expect(failure).rejects.toThrow('Invalid email or password.');
    await expect(failure).rejects.not.toBeInstanceOf(UnauthorizedError);
    expect(storage.get('fcm_token')).toBe('push');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns failures into messages people can read', async () => {
    stubBrowser({});
    answer(500, {});
    await expect(api.get('dashboard')).rejects.toThrow('Internal server Error');

    answer(200, { status: false, message: 'Nope.', data: null });
    await expect(api.get('dashboard')).rejects.toThrow('Nope.');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = api.get('dashboard');
    await expect(offline).rejects.toThrow('Something went wrong');
    await expect(offline).rejects.toSatisfy((e) => e instanceof ApiError && e.isNetworkError);
  });
});

describe('the language header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['es', 'es'],
    ['en', 'en'],
    // The old product's default, and anything else not offered: English.
    ['rs', 'en'],
    ['', 'en'],
  ])('setLanguage=%j sends Accept-Language %s', async (stored, sent) => {
    stubBrowser({ setLanguage: stored });
    const fetchMock = answer(200, { status: true, message: 'ok', data: null });
    await api.get('dashboard');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'Accept-Language': sent });
  });
});
