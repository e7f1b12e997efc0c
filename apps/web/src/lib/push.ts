import { pushPublicKey } from '@cabdesk/contract';
import { call } from './call';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * SPEC 2 and 7: the login screen obtains a push token on load. Here that is
 * a Web Push subscription (JSON), kept under `fcm_token` and sent as
 * `device_token` at login. Any failure (no support, permission refused, no
 * push service) is only logged; signing in works the same without it.
 */
export async function obtainPushToken(): Promise<string | null> {
  try {
    if (
      !('serviceWorker' in navigator) ||
      !('PushManager' in window) ||
      !('Notification' in window)
    ) {
      console.warn('push notifications: not supported by this browser');
      return null;
    }
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const permission =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission !== 'granted') {
      console.warn(`push notifications: permission ${permission}`);
      return readStorage(STORAGE_KEYS.fcmToken);
    }
    const { public_key } = await call(pushPublicKey);
    const key = keyBytes(public_key);
    let subscription = await registration.pushManager.getSubscription();
    const current = subscription?.options.applicationServerKey;
    if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
      // The server's key changed: a subscription under the old one would be refused.
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    const token = JSON.stringify(subscription.toJSON());
    writeStorage(STORAGE_KEYS.fcmToken, token);
    return token;
  } catch (error) {
    console.warn('push notifications: could not subscribe', error);
    return null;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
