import { API_BASE, dashboard, login, newPassword, userList } from '@cabdesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setUnauthorizedHandler, UnauthorizedError } from './api-client';
import { call, send } from './call';

const FIGURES = { overall_driver: 1, overall_vehicle: 2, overall_company: 3, overall_revenue: 4.5 };
const PAGE = {
  data: [],
  current_page: 2,
  last_page: 2,
  per_page: 10,
  total: 10,
  total_exact: true,
};

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
    const fetchMock = answer(200, { status: true, message: 'ok', data: PAGE });
    await expect(
      call(userList, { user_type: 'User', page: 2, search: undefined, status: '' }),
    ).resolves.toEqual(PAGE);
    const [url, init] = fetchMock.mock.calls[0]!;
    // Blanks are left out of the query string.
    expect(url).toBe(`${API_BASE}user-list?user_type=User&page=2`);
    expect(init?.method).toBe('GET');
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer tok',
      'Accept-Language': 'en',
    });
  });

  it('sends an empty Authorization and English when nothing is stored', async () => {
    stubBrowser({});
    const fetchMock = answer(200, {
      status: true,
      message: 'ok',
      data: { token: 't', user: { id: 1, name: 'A', email: 'a@b.c', role: 'Owner' } },
    });
    await send(login, { email: 'a@b.c', password: 'p' });
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ Authorization: '', 'Accept-Language': 'en' });
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.c', password: 'p' }));
  });

  it('ends the session on a 401 and does not replay the call', async () => {
    const storage = stubBrowser({ access_token: 'old', isLogin: '1', UserId: '1' });
    const fetchMock = answer(401, { status: false, message: 'Unauthenticated.', data: null });
    await expect(call(dashboard)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(storage.size).toBe(0);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 of the login call to the form', async () => {
    const storage = stubBrowser({ fcm_token: 'push' });
    answer(401, { status: false, message: 'Invalid email or password.', data: null });
    const failure = send(login, { email: 'a@b.c', password: 'wrong' });
    await expect(failure).rejects.toThrow('Invalid email or password.');
    await expect(failure).rejects.not.toBeInstanceOf(UnauthorizedError);
    expect(storage.get('fcm_token')).toBe('push');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns failures into messages people can read', async () => {
    stubBrowser({});
    answer(500, {});
    await expect(call(dashboard)).rejects.toThrow('Internal server Error');

    answer(200, { status: false, message: 'Nope.', data: null });
    await expect(call(dashboard)).rejects.toThrow('Nope.');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = call(dashboard);
    await expect(offline).rejects.toThrow('Something went wrong');
    await expect(offline).rejects.toSatisfy((e) => e instanceof ApiError && e.isNetworkError);
  });
});

describe('calls through endpoint objects', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the data parsed by the endpoint, and the envelope with send', async () => {
    stubBrowser({ access_token: 'tok' });
    answer(200, { status: true, message: 'Fetched.', data: { ...FIGURES, extra: 'dropped' } });
    await expect(call(dashboard)).resolves.toEqual(FIGURES);
    answer(200, { status: true, message: 'Fetched.', data: FIGURES });
    await expect(send(dashboard)).resolves.toEqual({ message: 'Fetched.', data: FIGURES });
  });

  it('refuses an answer that is not what the endpoint promises', async () => {
    stubBrowser({ access_token: 'tok' });
    answer(200, { status: true, message: 'ok', data: { overall_driver: 'many' } });
    await expect(call(dashboard)).rejects.toThrow();
  });

  it('sends form data when asked (SPEC 7 newPassword)', async () => {
    stubBrowser({});
    const fetchMock = answer(200, { status: true, message: 'Changed.', data: null });
    const input = {
      email: 'a@b.c',
      password: 'secret12',
      confirm_password: 'secret12',
      token: 't',
    };
    await send(newPassword, input, { formData: true });
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(init?.body as FormData)).toEqual(input);
    expect(init?.headers).not.toHaveProperty('Content-Type');
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
    const fetchMock = answer(200, { status: true, message: 'ok', data: FIGURES });
    await call(dashboard);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'Accept-Language': sent });
  });
});
