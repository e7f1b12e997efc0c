import { getProfile, userList } from '@cabdesk/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startScreenCalls } from '@/app/screen-calls';
import { answer, askedOnce, queriesOf, server } from '@/testing/api';
import { me, pageOf, person } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { UserListPage } from './user-list-page';

/** SPEC 9: a search waits 2000 ms after the last keystroke. */
const DEBOUNCE_MS = 2000;

/** 45 passengers, `Person n` in list order; a search finds the one whose name it is. */
const TOTAL = 45;

function answerList() {
  server.use(
    answer(getProfile, me()),
    answer(userList, ({ url }) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      const search = url.searchParams.get('search');
      if (search) {
        const n = Number(/\d+$/.exec(search)?.[0] ?? 0);
        return pageOf((i) => person({ id: n + i - 1 }), 1, perPage, n > 0 ? 1 : 0);
      }
      return pageOf((n) => person({ id: n }), page, perPage, TOTAL);
    }),
  );
}

function open(url: string, options: { advanceTimers?: (ms: number) => unknown } = {}) {
  answerList();
  return renderScreen(<UserListPage />, { path: '/user', url, ...options });
}

const table = () => screen.getByRole('table', { name: 'User List' });
/** The names and numbers of the rows shown (once the first row is `first`). */
async function rowsFrom(first: string) {
  await within(table()).findByText(first);
  return within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('the user list keeps its state in the URL', () => {
  it('opens on the page the URL names, numbering rows on from the pages before', async () => {
    open('/user?page=3');
    const rows = await rowsFrom('Person 21');
    expect(rows[0]?.[1]).toBe('21');
    expect(rows).toHaveLength(10);
    expect(screen.getByText('Showing 3 - 5')).toBeTruthy();
    expect(queriesOf(userList).at(-1)?.get('page')).toBe('3');
  });

  it('puts the page chosen in the pager into the URL', async () => {
    const { user, params } = open('/user');
    await rowsFrom('Person 1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await rowsFrom('Person 11');
    expect(params().get('page')).toBe('2');
    expect(screen.getByText('Showing 2 - 5')).toBeTruthy();
  });

  it('waits 2 s after typing, then searches page 1, in the URL', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, params } = open('/user?page=2', {
      advanceTimers: (ms) => vi.advanceTimersByTime(ms),
    });
    await rowsFrom('Person 11');
    const asked = queriesOf(userList).length;

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Person 37');
    // Within the 2 s: no request, the URL unchanged, and the box says a search is coming.
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS - 100));
    expect(queriesOf(userList)).toHaveLength(asked);
    expect(params().get('search')).toBeNull();
    expect(screen.getByRole('status', { name: 'Search pending' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(100));
    await rowsFrom('Person 37');
    expect(params().get('search')).toBe('Person 37');
    expect(params().get('page')).toBeNull();
    const searched = queriesOf(userList).slice(asked);
    expect(searched.map((q) => [q.get('search'), q.get('page')])).toEqual(
      searched.map(() => ['Person 37', '1']),
    );
    expect(screen.queryByRole('status', { name: 'Search pending' })).toBeNull();
  });

  it('sorts by a header: first way, the other way, then the default, each in the URL', async () => {
    const { user, params } = open('/user');
    await rowsFrom('Person 1');
    const header = () => within(table()).getByRole('columnheader', { name: /Registration Date/ });
    const date = () => within(header()).getByRole('button', { name: 'Registration Date' });
    // The default order (newest first) shows on its column.
    expect(header().getAttribute('aria-sort')).toBe('descending');
    const name = within(table()).getByRole('button', { name: 'User Detail' });

    await user.click(name);
    expect(params().get('sort')).toBe('name');
    expect(name.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    expect(header().getAttribute('aria-sort')).toBe('none');
    await user.click(name);
    expect(params().get('sort')).toBe('-name');
    await user.click(name);
    expect(params().has('sort')).toBe(false);

    // Dates start from the newest: pressed once, oldest first (the default is newest).
    await user.click(date());
    expect(params().get('sort')).toBe('created_at');
    expect(queriesOf(userList).at(-1)?.get('sort')).toBe('created_at');
  });

  it('keeps the page size chosen in the URL, and for this list the next time', async () => {
    const first = open('/user?page=2');
    await rowsFrom('Person 11');
    await first.user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(first.params().get('per_page')).toBe('25');
    // A new size starts again from page 1.
    expect(first.params().has('page')).toBe(false);
    expect(queriesOf(userList).at(-1)?.get('per_page')).toBe('25');
    first.unmount();

    open('/user');
    await rowsFrom('Person 1');
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('25');
    expect(queriesOf(userList).at(-1)?.get('per_page')).toBe('25');
  });
});

describe('the user list opened by its route (issue 47)', () => {
  it('shows the page its route asked for, without asking again', async () => {
    const url = '/user?page=2&per_page=25&sort=name&status=Active&approval=Approved';
    answerList();
    await startScreenCalls('users', new URL(url, window.location.origin));
    open(url);
    await within(table()).findByText('Person 26');
    // Passengers have no approval: the call is not asked one.
    expect(askedOnce(userList)).toEqual({
      user_type: 'User',
      page: '2',
      per_page: '25',
      sort: 'name',
      status: 'Active',
    });
  });
});
