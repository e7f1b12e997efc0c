import { describe, expect, it } from 'vitest';
import {
  adminList,
  auditLog,
  integrationKeyList,
  statement,
  transactionList,
  webhookList,
} from '@cabdesk/contract';
import { isActive, isGroup, NAV_ENTRIES, NAV_SCREENS, pageOf, screensMatching } from './nav-items';

const entry = (to: string) => {
  const found = NAV_ENTRIES.find((e) => e.to === to);
  if (!found) throw new Error(`no entry ${to}`);
  return found;
};

describe('the sidebar entries', () => {
  it('follow SPEC order (the review desk after the dashboard), with Settings holding Coupon and Profile (and the team’s pages)', () => {
    expect(NAV_ENTRIES.map((e) => e.labelKey)).toEqual([
      'nav.dashboard',
      'nav.live',
      'nav.review',
      'nav.cases',
      'nav.user',
      'nav.company',
      'nav.vehicle',
      'nav.driver',
      'nav.trips',
      'nav.sales',
      'nav.payouts',
      'nav.statements',
      'nav.approvals',
      'nav.faq',
      'nav.settings',
    ]);
    const settings = entry('/setting');
    expect(isGroup(settings) && settings.children.map((c) => c.to)).toEqual([
      '/coupon',
      '/my-profile',
      // Issue 20, shown to the roles that may open them (Owners).
      '/administrators',
      '/audit-log',
      // Issue 44, for Owners.
      '/integrations',
      '/webhooks',
    ]);
  });

  it('mark the entry of the current page, detail pages included', () => {
    expect(isActive(entry('/'), '/')).toBe(true);
    expect(isActive(entry('/'), '/user')).toBe(false);
    expect(isActive(entry('/user'), '/user-detail/7')).toBe(true);
    expect(isActive(entry('/user'), '/users')).toBe(false);
    expect(isActive(entry('/driver'), '/driver-history-detail')).toBe(true);
    expect(isActive(entry('/setting'), '/coupon')).toBe(true);
    expect(isActive(entry('/setting'), '/setting')).toBe(true);
    expect(isActive(entry('/setting'), '/sales')).toBe(false);
    expect(isActive(entry('/review'), '/expiring-documents')).toBe(true);
  });

  it('tell the page of an address with the call it is made of, for the screens a role may not open', () => {
    expect(pageOf('/sales')?.endpoint).toBe(transactionList);
    expect(pageOf('/statements')?.endpoint).toBe(statement);
    expect(pageOf('/statement-print')?.endpoint).toBe(statement);
    expect(pageOf('/administrators')?.endpoint).toBe(adminList);
    expect(pageOf('/audit-log')?.endpoint).toBe(auditLog);
    expect(pageOf('/integrations')?.endpoint).toBe(integrationKeyList);
    expect(pageOf('/webhooks')?.endpoint).toBe(webhookList);
    expect(pageOf('/user-detail/7')?.to).toBe('/user');
    expect(pageOf('/coupon')?.to).toBe('/coupon');
    expect(pageOf('/no-such-screen')).toBeUndefined();
  });
});

describe('the screens the command palette jumps to', () => {
  it("are the sidebar's pages, a group's children in its place", () => {
    expect(NAV_SCREENS.map((screen) => screen.to)).toEqual([
      '/',
      '/live',
      '/review',
      '/cases',
      '/user',
      '/company',
      '/vehicle',
      '/driver',
      '/trip',
      '/sales',
      '/payouts',
      '/statements',
      '/approvals',
      '/faq',
      '/coupon',
      '/my-profile',
      '/administrators',
      '/audit-log',
      '/integrations',
      '/webhooks',
    ]);
  });

  it('match what is typed anywhere in their label, in any case', () => {
    const screens = [{ label: 'Trips' }, { label: 'Audit log' }, { label: 'Drivers' }];
    expect(screensMatching(screens, ' LOG ')).toEqual([{ label: 'Audit log' }]);
    expect(screensMatching(screens, 'ri')).toEqual([{ label: 'Trips' }, { label: 'Drivers' }]);
    expect(screensMatching(screens, '')).toEqual(screens);
  });
});
