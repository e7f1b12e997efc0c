import {
  dashboard,
  dashboardTrends,
  financeDashboard,
  getProfile,
  liveAlerts,
  moneyRequestList,
} from '@cabdesk/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, refuse, server } from '@/testing/api';
import { me } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { DashboardPage } from './dashboard-page';

describe('the dashboard while it loads (issue 47)', () => {
  it('draws nothing under the live alerts until they answer: a long list would push it down', async () => {
    let release = () => {};
    const alertsHeld = new Promise<void>((resolve) => (release = resolve));
    server.use(
      answer(getProfile, me()),
      refuse(dashboard, 403, 'Not allowed'),
      refuse(dashboardTrends, 403, 'Not allowed'),
      refuse(financeDashboard, 403, 'Not allowed'),
      refuse(moneyRequestList, 403, 'Not allowed'),
      answer(liveAlerts, async () => {
        await alertsHeld;
        return [];
      }),
    );
    renderScreen(<DashboardPage />);

    const alerts = await screen.findByRole('region', { name: 'What is going wrong now' });
    expect(await screen.findByText('The dashboard could not be loaded')).toBeTruthy();
    // Neither the trends' loader nor their answer while the alerts load.
    expect(alerts.nextElementSibling).toBeNull();

    release();
    expect(await screen.findByText('The trends could not be loaded')).toBeTruthy();
  });
});
