import { getProfile } from '@cabdesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@/testing/api';
import { me } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { SettingsPage } from './settings-page';

/** The settings screens listed, as (name, what it is for, where it leads). */
async function listed(role: 'Owner' | 'Operator') {
  server.use(answer(getProfile, me({ role })));
  renderScreen(<SettingsPage />, { path: '/setting' });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  // The list shows once the profile (and with it the role) has loaded.
  await screen.findByRole('link', { name: /Coupon/ });
  return within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('Settings overview (/setting)', () => {
  it('lists every settings screen an Owner may open, each with what it is for', async () => {
    const links = await listed('Owner');
    expect(links.map(([, href]) => href)).toEqual([
      '/coupon',
      '/my-profile',
      '/administrators',
      '/audit-log',
      '/integrations',
      '/webhooks',
    ]);
    expect(links[4]?.[0]).toBe(
      "IntegrationsKeys the marketplace's backend uses to send people, vehicles, trips and payments to Cabdesk.",
    );
    expect(screen.queryByText('This screen is not built yet.')).toBeNull();
  });

  it('offers an Operator only the screens their role opens', async () => {
    const links = await listed('Operator');
    expect(links.map(([, href]) => href)).toEqual(['/coupon', '/my-profile']);
  });
});
