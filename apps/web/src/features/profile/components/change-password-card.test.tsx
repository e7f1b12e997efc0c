import { changePassword } from '@cabdesk/contract';
import { isInaccessible, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, refuse, requests, server } from '@/testing/api';
import { renderScreen } from '@/testing/render';
import { ChangePasswordCard } from './change-password-card';

function open() {
  window.localStorage.setItem('access_token', 'token');
  const view = renderScreen(<ChangePasswordCard />, { path: '/my-profile' });
  const field = (label: string) => screen.getByLabelText(label, { exact: true });
  return { ...view, field };
}

describe('my profile: the change-password card (SPEC 2, 5)', () => {
  it('is collapsed until its button is pressed, which then becomes Update', async () => {
    const { user, field } = open();
    expect(isInaccessible(field('Current Password'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(isInaccessible(field('Current Password'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('says what is missing, too short and not matching', async () => {
    const { user, field } = open();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const update = () => user.click(screen.getByRole('button', { name: 'Update' }));
    await update();
    expect(await screen.findByText('Please enter old password')).toBeTruthy();
    expect(screen.getByText('Please enter new password')).toBeTruthy();
    expect(screen.getByText('Please enter confirm password')).toBeTruthy();

    await user.type(field('New Password'), 'short');
    await user.type(field('Confirm Password'), 'other');
    await update();
    expect(
      await screen.findByText('Please enter the password at least 8 characters.'),
    ).toBeTruthy();
    expect(screen.getByText('New password and Confirm password does not matched!')).toBeTruthy();
    expect(requests).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show or hide current password' }));
    expect(field('Current Password').getAttribute('type')).toBe('text');
  });

  async function fillAndSend(
    user: ReturnType<typeof open>['user'],
    field: ReturnType<typeof open>['field'],
  ) {
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(field('Current Password'), 'old-Pass-2024');
    await user.type(field('New Password'), 'new-Pass-2024');
    await user.type(field('Confirm Password'), 'new-Pass-2024');
    await user.click(screen.getByRole('button', { name: 'Update' }));
  }

  it('shows the server refusal of a wrong current password, and stays', async () => {
    const wrong = 'The current password is not correct.';
    server.use(refuse(changePassword, 400, wrong, { password: wrong }));
    const { user, field, location } = open();
    await fillAndSend(user, field);
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(location().pathname).toBe('/my-profile');
    expect(window.localStorage.getItem('access_token')).toBe('token');
  });

  it('after a change, forgets the session and goes to sign in', async () => {
    server.use(
      answer(changePassword, null, 'Your password has been changed. Please sign in again.'),
    );
    const { user, field, location } = open();
    await fillAndSend(user, field);
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(await requests[0]?.json()).toEqual({
      password: 'old-Pass-2024',
      new_password: 'new-Pass-2024',
      confirm_password: 'new-Pass-2024',
    });
  });
});
