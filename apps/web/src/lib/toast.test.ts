import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { endPageToasts, placeOf, toastError, toastSuccess } from './toast';

const shown = () => notificationsStore.getState().notifications.map((n) => n.message);

describe('toasts (issue 22)', () => {
  beforeEach(() => cleanNotifications());

  it('end with their page: leaving it closes its errors; a success (often what moved you on) keeps its time', () => {
    toastError('Invalid email or password.');
    toastSuccess('Login successfully.');
    expect(shown()).toEqual(['Invalid email or password.', 'Login successfully.']);
    endPageToasts();
    expect(shown()).toEqual(['Login successfully.']);
  });

  it('sit at the bottom on a phone, where they cover neither the header nor the title', () => {
    expect(placeOf('top-right', true)).toBe('bottom-center');
    expect(placeOf(undefined, true)).toBe('bottom-center');
    expect(placeOf('top-right', false)).toBe('top-right');
    expect(placeOf(undefined, false)).toBeUndefined();
  });
});
