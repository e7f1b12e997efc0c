import {
  NOTIFICATION_EVENTS,
  notificationSchema,
  notificationStream,
  notificationStreamTicket,
  recordChangesSchema,
  urlOf,
  type Notification,
} from '@cabdesk/contract';
import { useEffect, useRef } from 'react';
import { UnauthorizedError } from '@/lib/api-client';
import { call } from '@/lib/call';
import { announceChanges } from '@/lib/live-changes';
import { queryClient } from '@/lib/query-client';
import { addNotification, notificationsQuery } from './get-notifications';

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * Keeps a live stream of new notifications open while the panel is (and
 * tells the lists on screen which records changed): each
 * one goes on top of the bell's list and to `onArrive`. EventSource cannot
 * send the bearer header, so each connection spends a fresh single-use
 * ticket; after a drop it reconnects with a new one, asking for what it missed.
 */
export function useNotificationStream(onArrive: (notification: Notification) => void) {
  const arrive = useRef(onArrive);
  useEffect(() => {
    arrive.current = onArrive;
  }, [onArrive]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MIN_MS;
    let lastId: number | undefined;

    const newestKnown = () => {
      const ids = queryClient.getQueryData(notificationsQuery().queryKey)?.data.map((n) => n.id);
      return ids && ids.length > 0 ? Math.max(...ids) : undefined;
    };

    const retry = () => {
      if (stopped) return;
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };

    const connect = async () => {
      let ticket: string;
      try {
        // A single-use ticket that opens the stream once.
        ({ ticket } = await call(notificationStreamTicket));
      } catch (error) {
        // A 401 already ended the session; anything else is worth another try later.
        if (!(error instanceof UnauthorizedError)) retry();
        return;
      }
      if (stopped) return;
      const url = new URL(urlOf(notificationStream), window.location.origin);
      url.searchParams.set('ticket', ticket);
      const after = lastId ?? newestKnown();
      if (after !== undefined) url.searchParams.set('after', String(after));
      source = new EventSource(url);
      source.addEventListener('open', () => {
        retryMs = RETRY_MIN_MS;
      });
      source.addEventListener(NOTIFICATION_EVENTS.notification, (event) => {
        const parsed = notificationSchema.safeParse(
          JSON.parse((event as MessageEvent<string>).data),
        );
        if (!parsed.success) return;
        const known = queryClient
          .getQueryData(notificationsQuery().queryKey)
          ?.data.some((n) => n.id === parsed.data.id);
        lastId = Math.max(lastId ?? 0, parsed.data.id);
        addNotification(parsed.data);
        // One already read (in another tab, or quiet for this administrator) is listed, not announced.
        if (!known && parsed.data.read_at === null) arrive.current(parsed.data);
      });
      // Records changed (issue 46): the lists on screen refresh what they show.
      source.addEventListener(NOTIFICATION_EVENTS.changes, (event) => {
        const parsed = recordChangesSchema.safeParse(
          JSON.parse((event as MessageEvent<string>).data),
        );
        if (parsed.success) announceChanges(parsed.data.kinds);
      });
      source.addEventListener(NOTIFICATION_EVENTS.end, () => {
        source?.close();
      });
      source.addEventListener('error', () => {
        // The ticket is spent: the browser's own reconnect would be refused, so we make a new one.
        source?.close();
        retry();
      });
    };

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, []);
}
