import { getProfile, lookups, rideList, type Ride } from '@cabdesk/contract';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, requests, server } from '@/testing/api';
import { me, ride } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { announceChanges } from '@/lib/live-changes';
import { RideListPage } from './ride-list-page';

/** The trips the server holds now, newest first, and its page size. */
let trips: Ride[] = [];
let perPage = 10;

function open() {
  server.use(
    answer(getProfile, me()),
    answer(lookups, { service_types: [], vehicle_types: [], payment_methods: [] }),
    answer(rideList, () => ({
      data: trips.slice(0, perPage),
      current_page: 1,
      last_page: Math.max(1, Math.ceil(trips.length / perPage)),
      per_page: perPage,
      total: trips.length,
      total_exact: true,
    })),
  );
  return renderScreen(<RideListPage />, { path: '/trip' });
}

const table = () => screen.getByRole('table', { name: 'Overall Trips' });
/** The trip ids of the rows on screen, top to bottom. */
const idsOnScreen = () =>
  within(table())
    .getAllByRole('link', { name: /^#\d+$/ })
    .map((link) => Number(link.textContent!.slice(1)));
const tripListCalls = () => requests.filter((r) => r.url.includes('/ride-list')).length;

describe('the live trip list (issue 46)', () => {
  beforeEach(() => {
    perPage = 10;
  });

  it('announces new trips without moving the rows on screen, changes rows in place, shows them when asked', async () => {
    perPage = 3;
    trips = [ride({ id: 3, ride_status: 'Pending' }), ride({ id: 2 }), ride({ id: 1 })];
    const { user } = open();
    await within(table()).findByRole('link', { name: '#3' });
    expect(idsOnScreen()).toEqual([3, 2, 1]);

    // Two trips arrive and trip 3 is accepted, elsewhere.
    trips = [
      ride({ id: 5 }),
      ride({ id: 4 }),
      ride({ id: 3, ride_status: 'Accept' }),
      ride({ id: 2 }),
      ride({ id: 1 }),
    ];
    const before = tripListCalls();
    act(() => announceChanges(['rides']));
    const shown = await screen.findByRole('button', { name: '2 new trips' });
    expect(tripListCalls()).toBe(before + 1);
    // The rows stay where they were; trip 3 shows its new status where it stands.
    expect(idsOnScreen()).toEqual([3, 2, 1]);
    const third = within(table()).getByRole('link', { name: '#3' }).closest('tr')!;
    expect(within(third as HTMLElement).getByText('Accepted')).toBeTruthy();
    expect(screen.getByText('5 trips')).toBeTruthy();
    // Trips 2 and 1, pushed to the next page by the new ones, have not left the list.
    expect(table().querySelectorAll('[data-left]')).toHaveLength(0);

    // What changes elsewhere (people) does not ask for the trips again.
    act(() => announceChanges(['users']));
    expect(tripListCalls()).toBe(before + 1);

    await user.click(shown);
    expect(idsOnScreen()).toEqual([5, 4, 3]);
    expect(screen.queryByRole('button', { name: /new trip/ })).toBeNull();
  });

  it('keeps a trip that left the list on screen until asked to show the list as it is now; the one that comes up is no new trip', async () => {
    perPage = 2;
    const pending = (id: number) => ride({ id, ride_status: 'Pending' });
    trips = [pending(3), pending(2), pending(1)];
    const { user } = open();
    await within(table()).findByRole('link', { name: '#3' });
    expect(idsOnScreen()).toEqual([3, 2]);

    // Trip 3 leaves (say, a Pending filter's list, once a driver took it); trip 1 comes up.
    trips = [pending(2), pending(1)];
    act(() => announceChanges(['rides']));
    const shown = await screen.findByRole('button', {
      name: 'This list has changed: show it as it is now',
    });
    expect(screen.queryByRole('button', { name: /new trip/ })).toBeNull();
    expect(idsOnScreen()).toEqual([3, 2]);
    // Trip 3 is drawn faded: what it shows is no longer so.
    const rowOf = (id: number) =>
      within(table())
        .getByRole('link', { name: `#${id}` })
        .closest('tr')!;
    expect(rowOf(3).getAttribute('data-left')).toBe('true');
    expect(rowOf(2).getAttribute('data-left')).toBeNull();
    await user.click(shown);
    expect(idsOnScreen()).toEqual([2, 1]);
  });

  it('says "1 new trip" for one', async () => {
    trips = [ride({ id: 1 })];
    open();
    await within(table()).findByRole('link', { name: '#1' });
    trips = [ride({ id: 2 }), ride({ id: 1 })];
    act(() => announceChanges(['rides']));
    expect(await screen.findByRole('button', { name: '1 new trip' })).toBeTruthy();
    expect(idsOnScreen()).toEqual([1]);
  });
});
