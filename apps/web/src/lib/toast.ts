import { notifications, type NotificationData } from '@mantine/notifications';
import i18n from 'i18next';

export type ToastOptions = Pick<NotificationData, 'position' | 'autoClose' | 'title'>;

/** SPEC 9: login-area toasts sit top-right and stay 5000 ms. */
export const AUTH_TOAST: ToastOptions = { position: 'top-right', autoClose: 5000 };

function show(color: string, message: string, options: ToastOptions) {
  notifications.show({
    color,
    message,
    closeButtonProps: { 'aria-label': i18n.t('common.closeToast') },
    ...options,
  });
}

export function toastSuccess(message: string, options: ToastOptions = {}) {
  show('teal', message, options);
}

export function toastError(message: string, options: ToastOptions = {}) {
  show('red', message, options);
}

/** The meta of a sign-in screen's mutation: both its toasts in the login area (SPEC 9). */
export const AUTH_AREA_TOASTS = { errorToast: AUTH_TOAST, successToast: AUTH_TOAST };
