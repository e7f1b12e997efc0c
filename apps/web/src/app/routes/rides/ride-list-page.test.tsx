import { getProfile, lookups, rideList } from '@cabdesk/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScreenCalls } from '@/app/screen-calls';
import { rememberPageSize } from '@/lib/storage';
import { answer, askedOnce, queriesOf, server } from '@/testing/api';
import { me, pageOf, ride } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { RideListPage } from './ride-list-page';

const LONG_EMAIL = 'maximiliana.vandersteen-oyelaran@example-marketplace.test';

/** Trip 1234 running on an inactive vehicle with an expired insurance; trip 1235 waiting. */
function answerTrips() {
  server.use(
    answer(getProfile, me()),
    answer(lookups, {
      service_types: [
        { id: 1, title: 'Standard' },
        { id: 2, title: 'Premium' },
      ],
      vehicle_types: [],
      payment_methods: [],
    }),
    answer(rideList, ({ url }) =>
      pageOf(
        (n) =>
          n === 1
            ? ride({
                id: 1234,
                flags: ['vehicle_inactive', 'insurance_expired'],
                user: { id: 9, name: 'Ana Ruiz', phone: '7171573947', email: LONG_EMAIL },
              })
            : ride({
                id: 1235,
                ride_status: 'Pending',
                driver: null,
                company: null,
                service_type: { id: 2, title: 'Premium' },
              }),
        Number(url.searchParams.get('page') ?? 1),
        10,
        2,
      ),
    ),
  );
}

function open(url = '/trip', options: { advanceTimers?: (ms: number) => unknown } = {}) {
  answerTrips();
  return renderScreen(<RideListPage />, { path: '/trip', url, ...options });
}

const table = () => screen.getByRole('table', { name: 'Overall Trips' });
const rowOf = async (id: number) =>
  (await within(table()).findByRole('link', { name: `#${id}` })).closest('tr') as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('the trip list (issue 45)', () => {
  it('shows each trip’s id and its vehicle’s plate, both in the Columns menu', async () => {
    const { user } = open();
    const row = await rowOf(1234);
    expect(within(table()).getByRole('columnheader', { name: 'Trip ID' })).toBeTruthy();
    expect(within(table()).getByRole('columnheader', { name: 'License Plate' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: '#1234' }).getAttribute('href')).toBe(
      '/trip-detail/1234',
    );
    expect(within(row).getByText('LWN-2234')).toBeTruthy();
    // A trip without a vehicle has no plate.
    expect(within(await rowOf(1235)).getAllByText('N/A').length).toBeGreaterThan(0);

    // jsdom lays nothing out: a popover's content counts as hidden there (the walk sees it shown).
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('group', { name: 'Columns shown', hidden: true });
    await user.click(within(menu).getByRole('checkbox', { name: 'License Plate', hidden: true }));
    expect(within(table()).queryByRole('columnheader', { name: 'License Plate' })).toBeNull();
    expect(within(menu).getByRole('checkbox', { name: 'Trip ID', hidden: true })).toBeTruthy();
  });

  it('flags a trip on an inactive or uninsured vehicle, saying which', async () => {
    open();
    const flagged = await rowOf(1234);
    expect(
      within(flagged).getByLabelText('Check vehicle: Vehicle inactive · Insurance expired'),
    ).toBeTruthy();
    expect(within(await rowOf(1235)).queryByText('Check vehicle')).toBeNull();
  });

  it('shows the service type a Pending trip asked for', async () => {
    open();
    const pending = await rowOf(1235);
    expect(within(pending).getByTestId('ride-requested-service').textContent).toBe(
      'Premium (requested)',
    );
  });

  it('keeps an e-mail whole on one line, cut with its full text on hover', async () => {
    open();
    const row = await rowOf(1234);
    const email = within(row).getByText(LONG_EMAIL);
    expect(email.getAttribute('title')).toBe(LONG_EMAIL);
    // Cut at its end (Mantine's truncate: one line, an ellipsis; the browser walk sees it drawn).
    expect(email.getAttribute('data-truncate')).toBe('end');
    const address = within(row).getByText('1234 Harbour Road, Springfield 01');
    expect(address.getAttribute('title')).toBe('1234 Harbour Road, Springfield 01');
    expect(address.getAttribute('data-truncate')).toBe('end');
  });
});

describe('the trip list’s dates (issue 45)', () => {
  it('offers the usual ranges and shows them in SPEC’s format', async () => {
    // Wednesday Nov-25-2026, midday in the browser's time zone.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2026, 10, 25, 12) });
    const { user, params } = open('/trip', { advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await rowOf(1234);
    const ranges: [string, string, string][] = [
      ['Today', '2026-11-25', '2026-11-25'],
      ['Yesterday', '2026-11-24', '2026-11-24'],
      ['Last 7 days', '2026-11-19', '2026-11-25'],
      ['Last week', '2026-11-16', '2026-11-22'],
      ['This month', '2026-11-01', '2026-11-25'],
      ['Last month', '2026-10-01', '2026-10-31'],
    ];
    for (const [name, from, to] of ranges) {
      await user.click(screen.getByRole('button', { name: 'Dates' }));
      await user.click(await screen.findByRole('menuitem', { name, hidden: true }));
      await vi.waitFor(() => {
        expect([params().get('from'), params().get('to')]).toEqual([from, to]);
      });
    }
    // Last month, as SPEC writes a date, and asked of the server.
    await vi.waitFor(() => {
      expect((screen.getByLabelText('From date') as HTMLInputElement).value).toBe('Oct-01-2026');
    });
    expect((screen.getByLabelText('To date') as HTMLInputElement).value).toBe('Oct-31-2026');
    const last = queriesOf(rideList).at(-1);
    expect([last?.get('from'), last?.get('to')]).toEqual(['2026-10-01', '2026-10-31']);
    // Six menus opened and picked: more than a test's usual time on a busy machine.
  }, 60_000);

  it('says a half-typed date is incomplete and asks nothing with it', async () => {
    const { user, params } = open();
    await rowOf(1234);
    const from = screen.getByLabelText('From date');
    await user.type(from, 'Nov-2');
    fireEvent.blur(from);
    expect(
      await screen.findByText(/^Incomplete date: write it as [A-Z][a-z]{2}-\d{2}-\d{4}\.$/),
    ).toBeTruthy();
    expect(params().get('from')).toBeNull();
    expect(queriesOf(rideList).some((query) => query.has('from'))).toBe(false);

    // Finished, it is asked for, and the message goes.
    await user.type(from, '2-2026');
    await vi.waitFor(() => {
      expect(params().get('from')).toBe('2026-11-22');
    });
    expect(screen.queryByText(/^Incomplete date/)).toBeNull();
    await vi.waitFor(() => {
      expect(queriesOf(rideList).at(-1)?.get('from')).toBe('2026-11-22');
    });
  });
});

describe('the trip list opened by its route (issue 47)', () => {
  it('shows the page its route asked for, without asking again', async () => {
    // The page size remembered on the list, a sort, two statuses and a day: the screen's call.
    rememberPageSize('trips', 25);
    const url = '/trip?sort=-amount&ride_status=Pending,Accept&from=2026-11-02&search=ana';
    answerTrips();
    await startScreenCalls('trips', new URL(url, window.location.origin));
    expect(queriesOf(rideList)).toHaveLength(1);

    open(url);
    expect(await rowOf(1234)).toBeTruthy();
    expect(askedOnce(rideList)).toMatchObject({
      page: '1',
      per_page: '25',
      sort: '-amount',
      ride_status: 'Pending,Accept',
      from: '2026-11-02',
      search: 'ana',
    });
  });
});
