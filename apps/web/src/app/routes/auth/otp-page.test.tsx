import { verifyOtp } from '@cabdesk/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, requests, server } from '@/testing/api';
import { renderScreen } from '@/testing/render';
import { OtpPage } from './otp-page';

const EMAIL = 'admin@cabdesk.test';

/** The page as forgot-password leaves it: the address, and when a new code may be asked for. */
function open(options: { advanceTimers?: (ms: number) => unknown } = {}) {
  server.use(answer(verifyOtp, { token: 'reset-token', expires_in: 900 }));
  const view = renderScreen(<OtpPage />, { path: '/otp', ...options });
  void view.router.navigate('/otp', { state: { email: EMAIL, resendIn: 60 } });
  return view;
}

const boxes = () => screen.findAllByRole('textbox', { name: /^Digit \d of 5$/ });
const values = async () => (await boxes()).map((box) => (box as HTMLInputElement).value);

describe('the code sent for a password reset (SPEC 2, 5)', () => {
  it('says where the code went, and offers another once the wait is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    expect(await screen.findByText(EMAIL)).toBeTruthy();
    expect(screen.getByTestId('resend-countdown').textContent).toBe('Resend in 60 s');
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();

    act(() => vi.advanceTimersByTime(60_000));
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeTruthy();
    expect(screen.queryByTestId('resend-countdown')).toBeNull();
  });

  it('refuses an empty or short code in the page', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter a valid OTP')).toBeTruthy();
    await user.type((await boxes())[0]!, '12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getAllByText('Please enter a valid OTP')).toHaveLength(2));
    expect(requests).toHaveLength(0);
  });

  it('takes digits only; a pasted code fills the five boxes and is checked', async () => {
    const { user, location } = open();
    const [first] = await boxes();
    await user.click(first!);
    await user.keyboard('a');
    expect(await values()).toEqual(['', '', '', '', '']);
    await user.paste('12345');
    expect(await values()).toEqual(['1', '2', '3', '4', '5']);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location().pathname).toBe('/change-password'));
    expect(location().state).toMatchObject({ email: EMAIL, token: 'reset-token' });
    expect(await requests[0]?.json()).toEqual({ email: EMAIL, otp: '12345' });
  });

  it('sends a visit without a started reset back to its start', () => {
    const { location } = renderScreen(<OtpPage />, { path: '/otp' });
    expect(location().pathname).toBe('/forgot-password');
  });
});
