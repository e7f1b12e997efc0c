import { sendOtp } from '@cabdesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, requests, server } from '@/testing/api';
import { renderScreen } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';

const MESSAGE = 'Please enter your valid email ID.';

function open() {
  server.use(
    answer(sendOtp, { email: 'admin@cabdesk.test', expires_in: 600, resend_in: 60 }, 'sent'),
  );
  const view = renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
  const next = () => view.user.click(screen.getByRole('button', { name: 'Next' }));
  return { ...view, next, email: screen.getByLabelText('Email') };
}

describe('forgot password (SPEC 5)', () => {
  it('has one message for a missing and for a bad address, gone once edited', async () => {
    const { user, next, email } = open();
    await next();
    expect(await screen.findByText(MESSAGE)).toBeTruthy();
    await user.type(email, 'not-an-email');
    expect(screen.queryByText(MESSAGE)).toBeNull();
    await next();
    expect(await screen.findByText(MESSAGE)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('asks for a code for a good address, then goes on to /otp', async () => {
    const { user, next, email, location } = open();
    await user.type(email, 'admin@cabdesk.test');
    await next();
    await waitFor(() => expect(location().pathname).toBe('/otp'));
    expect(await requests[0]?.json()).toEqual({ email: 'admin@cabdesk.test' });
  });
});
