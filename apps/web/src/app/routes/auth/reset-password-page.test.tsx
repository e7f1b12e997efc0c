import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requests } from '@/testing/api';
import { renderScreen } from '@/testing/render';
import { ResetPasswordPage } from './reset-password-page';

/** The page as /otp leaves it: the address and the reset token in the router's state. */
function open() {
  const view = renderScreen(<ResetPasswordPage />, { path: '/change-password' });
  void view.router.navigate('/change-password', {
    state: { email: 'admin@cabdesk.test', token: 'reset-token' },
  });
  return view;
}

describe('choosing a new password after a reset (SPEC 5)', () => {
  it('says what is missing, too short and not matching, each gone once edited', async () => {
    const { user } = open();
    const submit = async () => user.click(await screen.findByRole('button', { name: 'Submit' }));
    await submit();
    expect(await screen.findByText('Please enter new password.')).toBeTruthy();
    expect(screen.getByText('Please confirm your password.')).toBeTruthy();

    const newPassword = screen.getByLabelText('New Password');
    await user.type(newPassword, 'short');
    expect(screen.queryByText('Please enter new password.')).toBeNull();
    await user.type(screen.getByLabelText('Confirm Password'), 'different');
    await submit();
    expect(await screen.findByText('Password should be at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('New password and Confirm password does not matched!')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows the new password on request', async () => {
    const { user } = open();
    const newPassword = await screen.findByLabelText('New Password');
    expect(newPassword.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show or hide new password' }));
    expect(newPassword.getAttribute('type')).toBe('text');
  });

  it('sends the reset elsewhere without a started reset', () => {
    const { location } = renderScreen(<ResetPasswordPage />, { path: '/change-password' });
    expect(location().pathname).toBe('/forgot-password');
  });
});
