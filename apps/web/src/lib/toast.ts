import { notifications, type NotificationData } from '@mantine/notifications';

type ToastOptions = Pick<NotificationData, 'position' | 'autoClose' | 'title'>;

/** SPEC 9: login-area toasts sit top-right and stay 5000 ms. */
export const AUTH_TOAST: ToastOptions = { position: 'top-right', autoClose: 5000 };

export function toastSuccess(message: string, options: ToastOptions = {}) {
  notifications.show({ color: 'teal', message, ...options });
}

export function toastError(message: string, options: ToastOptions = {}) {
  notifications.show({ color: 'red', message, ...options });
}
