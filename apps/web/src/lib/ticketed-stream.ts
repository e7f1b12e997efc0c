import { notificationStreamTicket } from '@cabdesk/contract';
import { UnauthorizedError } from './api-client';
import { call } from './call';

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * Keeps a server-sent event stream open that is opened with a single-use
 * ticket (EventSource cannot send the bearer header): each connection spends
 * a fresh ticket, `urlOf(ticket)` says where (asked again at each connection),
 * and after a drop it reconnects with a new one, waiting longer each time.
 * `on` gets each named event's JSON; the `end` event closes the stream for
 * good. Answers the function that closes it.
 */
export function openTicketedStream(
  urlOf: (ticket: string) => URL,
  on: Record<string, (data: unknown) => void>,
  end: string,
): () => void {
  let stopped = false;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_MIN_MS;

  const retry = () => {
    if (stopped) return;
    timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    let ticket: string;
    try {
      ({ ticket } = await call(notificationStreamTicket));
    } catch (error) {
      // A 401 already ended the session; anything else is worth another try later.
      if (!(error instanceof UnauthorizedError)) retry();
      return;
    }
    if (stopped) return;
    source = new EventSource(urlOf(ticket));
    source.addEventListener('open', () => {
      retryMs = RETRY_MIN_MS;
    });
    for (const [name, handle] of Object.entries(on)) {
      source.addEventListener(name, (event) =>
        handle(JSON.parse((event as MessageEvent<string>).data)),
      );
    }
    source.addEventListener(end, () => source?.close());
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
}
