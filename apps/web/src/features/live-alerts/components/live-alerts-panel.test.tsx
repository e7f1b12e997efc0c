import { liveAlerts, type LiveAlert } from '@cabdesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@/testing/api';
import { renderScreen } from '@/testing/render';
import { LiveAlertsPanel } from './live-alerts-panel';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function alert(overrides: Partial<LiveAlert> & Pick<LiveAlert, 'kind'>): LiveAlert {
  return {
    id: 1,
    since: minutesAgo(1),
    ride: {
      id: 71,
      ride_status: 'Pending',
      pickup_address: '1 Harbour Rd',
      requested_at: minutesAgo(12),
    },
    driver: null,
    last_fix_at: null,
    ...overrides,
  };
}

describe('the alerts panel (issue 46)', () => {
  it('says when nothing is going wrong', async () => {
    server.use(answer(liveAlerts, []));
    renderScreen(<LiveAlertsPanel />);
    expect(
      await screen.findByText(
        'Nothing is going wrong: no trip waits too long and every driver on a trip is heard.',
      ),
    ).toBeTruthy();
  });

  it('lists each alert with its trip, driver, how long, and links to the map and the trip', async () => {
    server.use(
      answer(liveAlerts, [
        alert({ id: 1, kind: 'waiting' }),
        alert({
          id: 2,
          kind: 'silent',
          ride: {
            id: 72,
            ride_status: 'Start',
            pickup_address: '4 Dock St',
            requested_at: minutesAgo(30),
          },
          driver: { id: 9, name: 'Ana Ruiz' },
          last_fix_at: minutesAgo(7),
        }),
      ]),
    );
    renderScreen(<LiveAlertsPanel />);
    const rows = await screen.findAllByTestId('live-alert');
    expect(rows).toHaveLength(2);
    expect(screen.getByText('2 alerts')).toBeTruthy();

    const waiting = within(rows[0]!);
    expect(waiting.getByText('Waiting for a driver')).toBeTruthy();
    expect(waiting.getByText('for 12 min')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Trip #71 · 1 Harbour Rd');
    expect(waiting.getByText('No driver yet')).toBeTruthy();
    expect(waiting.getByRole('link', { name: 'Show on the map' }).getAttribute('href')).toBe(
      '/live?ride=71',
    );
    expect(waiting.getByRole('link', { name: 'Open the trip' }).getAttribute('href')).toBe(
      '/trip-detail/71',
    );

    const silent = within(rows[1]!);
    expect(silent.getByText('No position from the driver')).toBeTruthy();
    // How long the driver has been unheard, not how long ago the trip was asked for.
    expect(silent.getByText('for 7 min')).toBeTruthy();
    expect(silent.getByText('Ana Ruiz')).toBeTruthy();
  });
});
