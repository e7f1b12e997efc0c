import { driverList, getProfile, userList } from '@cabdesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startScreenCalls } from '@/app/screen-calls';
import { answer, askedOnce, queriesOf, server } from '@/testing/api';
import { me, pageOf, person } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { DriverListPage } from './driver-list-page';

function answerDrivers() {
  server.use(
    answer(getProfile, me()),
    answer(
      userList,
      pageOf((n) => person({ id: n }), 1, 10, 0),
    ),
    answer(driverList, ({ url: asked }) =>
      pageOf(
        (n) =>
          person({
            id: n,
            user_type: 'Driver',
            dob: '1990-11-23',
            company: {
              id: 7,
              company_name: 'Walter Chauffeurs',
              email: 'w@cabdesk.test',
              phone: null,
            },
          }),
        Number(asked.searchParams.get('page') ?? 1),
        10,
        3,
      ),
    ),
  );
}

function open(url = '/driver') {
  answerDrivers();
  return renderScreen(<DriverListPage />, { path: '/driver', url });
}

const table = () => screen.getByRole('table', { name: 'Driver List' });
const header = (name: string) => within(table()).queryByRole('columnheader', { name });

/** The Columns menu's box of a column (jsdom lays nothing out: a popover's content counts as hidden). */
async function columnBox(user: ReturnType<typeof open>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: /^Columns/ }));
  const menu = await screen.findByRole('group', { name: 'Columns shown', hidden: true });
  return within(menu).getByRole('checkbox', { name, hidden: true }) as HTMLInputElement;
}

describe('the driver list hides the date of birth until asked (fits 1280 px)', () => {
  it('opens without it, and the Columns menu shows it, kept in the URL as `show`', async () => {
    const { user, params } = open();
    await within(table()).findByText('Person 1');
    expect(header('Date of Birth')).toBeNull();
    expect(header('Company')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Columns (1 hidden)' })).toBeTruthy();

    const box = await columnBox(user, 'Date of Birth');
    expect(box.checked).toBe(false);
    await user.click(box);
    expect(header('Date of Birth')).not.toBeNull();
    expect(params().get('show')).toBe('dob');
    expect(params().has('hide')).toBe(false);

    // Hidden again, it is the list as it comes: a plain URL.
    await user.click(box);
    expect(header('Date of Birth')).toBeNull();
    expect([...params().keys()]).toEqual([]);
  });

  it('opens a link or saved view as it was: its `hide` on top of the default, its `show`', async () => {
    const { user, params } = open('/driver?hide=contact');
    await within(table()).findByText('Person 1');
    expect(header('Date of Birth')).toBeNull();
    expect(header('Contact')).toBeNull();
    expect(screen.getByRole('button', { name: 'Columns (2 hidden)' })).toBeTruthy();
    await user.click(await columnBox(user, 'Contact'));
    expect(header('Contact')).not.toBeNull();
    expect(header('Date of Birth')).toBeNull();
    expect(params().has('hide')).toBe(false);
  });

  it('shows the date of birth under a link that asks for it', async () => {
    open('/driver?show=dob&hide=contact');
    await within(table()).findByText('Person 1');
    expect(header('Date of Birth')).not.toBeNull();
    expect(header('Contact')).toBeNull();
    expect(screen.getByRole('button', { name: 'Columns (1 hidden)' })).toBeTruthy();
  });
});

describe('the driver list opened by its route (issue 47)', () => {
  it('shows the page its route asked for, without asking again', async () => {
    const url = '/driver?approval=Pending&status=Active&from=2026-11-01&search=walter';
    answerDrivers();
    await startScreenCalls('drivers', new URL(url, window.location.origin));
    open(url);
    await within(table()).findByText('Person 1');
    expect(askedOnce(driverList)).toMatchObject({
      approval: 'Pending',
      status: 'Active',
      from: '2026-11-01',
      search: 'walter',
    });
  });

  it('asks again when left and opened again at once: what was decided meanwhile shows', async () => {
    answerDrivers();
    await startScreenCalls('drivers', new URL('/driver', window.location.origin));
    const first = open();
    await within(table()).findByText('Person 1');
    first.unmount();

    open();
    await within(table()).findByText('Person 1');
    await vi.waitFor(() => expect(queriesOf(driverList)).toHaveLength(2));
  });
});
