import { getProfile, noteList, rideDetail, rideRoute, rideTimeline } from '@cabdesk/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@/testing/api';
import { me, pageOf, ride } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { RideDetailPage } from './ride-detail-page';

describe('the trip detail page', () => {
  it('draws the route card with the trip, so what is under it never moves when the map comes', async () => {
    server.use(
      answer(getProfile, me()),
      answer(rideDetail, {
        ...ride({ id: 7, ride_status: 'Pending' }),
        cancel_reason: null,
        updated_at: '2026-11-20T10:00:00.000Z',
        pickup_lat: null,
        pickup_lng: null,
        drop_lat: null,
        drop_lng: null,
      }),
      answer(rideTimeline, { requested_at: '2026-11-20T10:00:00.000Z', events: [] }),
      answer(
        noteList,
        pageOf(() => ({}) as never, 1, 10, 0),
      ),
      // The route never answers here: the card is there before it.
      answer(rideRoute, () => new Promise<never>(() => undefined)),
    );
    renderScreen(<RideDetailPage />, { path: '/trip-detail/:id', url: '/trip-detail/7' });

    await screen.findByText('7 Harbour Road, Springfield 01');
    expect(screen.getByRole('heading', { name: 'Route and replay' })).toBeTruthy();
  });
});
