import { notifications, type NotificationData } from '@mantine/notifications';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { PHONE_QUERY } from '@/hooks/use-is-phone';

export type ToastOptions = Pick<NotificationData, 'position' | 'autoClose' | 'title'>;

/** SPEC 9: login-area toasts sit top-right and stay 5000 ms. */
export const AUTH_TOAST: ToastOptions = { position: 'top-right', autoClose: 5000 };

/** At most this many toasts at once: older ones wait rather than pile over the page. */
export const TOAST_LIMIT = 3;

/**
 * On a phone every toast sits at the bottom: at the top it would cover the
 * header and the page's title (SPEC 9's corners are a desktop's).
 */
export function placeOf(
  position: ToastOptions['position'],
  phone: boolean,
): ToastOptions['position'] {
  return phone ? 'bottom-center' : position;
}

const onPhone = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(PHONE_QUERY).matches;

/** The error toasts still shown: each is about its page, and ends with it. */
const ofThisPage = new Set<string>();

interface Toast extends ToastOptions {
  color: string;
  message: string;
  id?: string;
  icon?: ReactNode;
}

/** Shows a toast where it belongs on this screen; answers its id. */
export function showToast({ position, ...toast }: Toast): string {
  return notifications.show({
    closeButtonProps: { 'aria-label': i18n.t('common.closeToast') },
    position: placeOf(position, onPhone()),
    ...toast,
  });
}

export function toastSuccess(message: string, options: ToastOptions = {}) {
  showToast({ color: 'teal', message, ...options });
}

/** A failure on this page: it closes when the page is left (a login error does not follow to /otp). */
export function toastError(message: string, options: ToastOptions = {}) {
  const id = showToast({ color: 'red', message, ...options });
  ofThisPage.add(id);
}

/** Closes the error toasts of the page being left. */
export function endPageToasts() {
  for (const id of ofThisPage) notifications.hide(id);
  ofThisPage.clear();
}

/** The meta of a sign-in screen's mutation: both its toasts in the login area (SPEC 9). */
export const AUTH_AREA_TOASTS = { errorToast: AUTH_TOAST, successToast: AUTH_TOAST };
