import { getProfile, rideTimeline } from '@cabdesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@/testing/api';
import { me } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { RideTimeline } from './ride-timeline';

describe('a trip’s timeline', () => {
  it('lists the request, then each state change in order with who recorded it and why', async () => {
    server.use(
      answer(getProfile, me()),
      answer(rideTimeline, {
        requested_at: '2026-03-02T09:00:00.000Z',
        events: [
          {
            event: 'created',
            at: '2026-03-02T09:00:00.000Z',
            by: { kind: 'integration', name: 'Marketplace' },
            reason: null,
          },
          {
            event: 'cancelled',
            at: '2026-03-02T09:07:00.000Z',
            by: { kind: 'administrator', name: 'Dana Ops' },
            reason: 'Driver reported a flat tyre',
          },
        ],
      }),
    );
    renderScreen(<RideTimeline rideId={7} />);
    const card = (await screen.findByText('Cancelled')).closest('section') ?? document.body;
    const text = (card as HTMLElement).textContent ?? '';
    expect(text.indexOf('Requested')).toBeLessThan(text.indexOf('Created'));
    expect(text.indexOf('Created')).toBeLessThan(text.indexOf('Cancelled'));
    expect(within(card as HTMLElement).getByText('from Marketplace (integration)')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('by Dana Ops')).toBeTruthy();
    expect(
      within(card as HTMLElement).getByText('Reason: Driver reported a flat tyre'),
    ).toBeTruthy();
    expect(screen.queryByText('No state changes recorded for this trip yet.')).toBeNull();
  });
});
