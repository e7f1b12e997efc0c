import {
  NOTIFICATION_EVENTS,
  notificationSchema,
  notificationStream,
  recordChangesSchema,
  urlOf,
  type Notification,
} from '@cabdesk/contract';
import { useEffect, useRef } from 'react';
import { announceChanges } from '@/lib/live-changes';
import { queryClient } from '@/lib/query-client';
import { openTicketedStream } from '@/lib/ticketed-stream';
import { addNotification, notificationsQuery } from './get-notifications';

/**
 * Keeps a live stream of new notifications open while the panel is (and
 * tells the lists on screen which records changed): each
 * one goes on top of the bell's list and to `onArrive`. After a drop it
 * reconnects (lib/ticketed-stream), asking for what it missed.
 */
export function useNotificationStream(onArrive: (notification: Notification) => void) {
  const arrive = useRef(onArrive);
  useEffect(() => {
    arrive.current = onArrive;
  }, [onArrive]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let lastId: number | undefined;

    const newestKnown = () => {
      const ids = queryClient.getQueryData(notificationsQuery().queryKey)?.data.map((n) => n.id);
      return ids && ids.length > 0 ? Math.max(...ids) : undefined;
    };

    return openTicketedStream(
      (ticket) => {
        const url = new URL(urlOf(notificationStream), window.location.origin);
        url.searchParams.set('ticket', ticket);
        // After a drop: what it missed.
        const after = lastId ?? newestKnown();
        if (after !== undefined) url.searchParams.set('after', String(after));
        return url;
      },
      {
        [NOTIFICATION_EVENTS.notification]: (data) => {
          const parsed = notificationSchema.safeParse(data);
          if (!parsed.success) return;
          const known = queryClient
            .getQueryData(notificationsQuery().queryKey)
            ?.data.some((n) => n.id === parsed.data.id);
          lastId = Math.max(lastId ?? 0, parsed.data.id);
          // An SOS (issue 49): the banner asks at once, before the changes' batch tells it.
          if (parsed.data.link?.startsWith('/cases/')) announceChanges(['cases']);
          addNotification(parsed.data);
          // One already read (in another tab, or quiet for this administrator) is listed, not announced.
          if (!known && parsed.data.read_at === null) arrive.current(parsed.data);
        },
        // Records changed (issue 46): the lists on screen refresh what they show.
        [NOTIFICATION_EVENTS.changes]: (data) => {
          const parsed = recordChangesSchema.safeParse(data);
          if (parsed.success) announceChanges(parsed.data.kinds);
        },
      },
      NOTIFICATION_EVENTS.end,
    );
  }, []);
}
