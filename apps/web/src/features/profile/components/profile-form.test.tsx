import { updateProfile } from '@cabdesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, requests, server } from '@/testing/api';
import { me } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { ProfileForm } from './profile-form';

function open() {
  const profile = me({ name: 'Ann Admin', phone: '5551112222' });
  server.use(
    answer(
      updateProfile,
      async ({ request }) => ({ ...profile, ...((await request.json()) as object) }),
      'Profile updated successfully.',
    ),
  );
  const view = renderScreen(<ProfileForm profile={profile} />);
  const update = () => view.user.click(screen.getByRole('button', { name: 'Update' }));
  return {
    ...view,
    update,
    name: screen.getByLabelText('Full Name') as HTMLInputElement,
    phone: screen.getByLabelText('Phone No.') as HTMLInputElement,
    email: screen.getByLabelText('Email') as HTMLInputElement,
  };
}

describe('my profile: the detail card (SPEC 2, 5)', () => {
  it('starts from the profile; the e-mail cannot be edited', () => {
    const { name, phone, email } = open();
    expect(name.value).toBe('Ann Admin');
    expect(phone.value).toBe('5551112222');
    expect(email.value).toBe('admin@cabdesk.test');
    expect(email.readOnly).toBe(true);
  });

  it('says what is missing; the phone takes digits only and wants ten', async () => {
    const { user, name, phone, update } = open();
    await user.clear(name);
    await user.clear(phone);
    await update();
    expect(await screen.findByText('Please enter your full name.')).toBeTruthy();
    expect(screen.getByText('Please enter your mobile number.')).toBeTruthy();

    // Letters and signs never reach the field; typing clears its message.
    await user.type(phone, '55a5-12');
    expect(phone.value).toBe('55512');
    expect(screen.queryByText('Please enter your mobile number.')).toBeNull();
    await update();
    expect(await screen.findByText(/^Please enter valid 10 digit mobile number/)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends the name and phone, and says it was saved', async () => {
    const { user, name, phone, update } = open();
    await user.clear(name);
    await user.type(name, 'Walk Admin');
    await user.clear(phone);
    await user.type(phone, '5551234567');
    await update();
    expect(await screen.findByText('Profile updated successfully.')).toBeTruthy();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(await requests[0]?.json()).toEqual({
      name: 'Walk Admin',
      email: 'admin@cabdesk.test',
      phone: '5551234567',
    });
  });
});
