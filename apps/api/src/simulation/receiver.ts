import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A webhook's body as Cabdesk sends it: `{type, timestamp, data}`. */
export type WebhookMessage = { type: string; timestamp: string; data: Record<string, unknown> };

export type Receiver = {
  /** Where Cabdesk sends the simulator's webhooks. */
  url: string;
  /** The endpoint's secret: until it is set every delivery is refused. */
  verifyWith(secret: string): void;
  close(): Promise<void>;
};

/** The path the receiver answers on (it tells the simulator's endpoint from others). */
export const RECEIVER_PATH = '/cabdesk-simulator/webhooks';
/** A webhook body larger than this is refused unread. */
const MAX_BODY = 1_000_000;

/**
 * The simulator's webhook receiver: a small HTTP server on loopback that
 * verifies each delivery's signature with the `standardwebhooks` package,
 * as a marketplace's backend would, and hands the message on. It answers
 * 200 to a verified delivery, 401 to a bad signature (Cabdesk retries it),
 * 404 elsewhere.
 */
export async function startReceiver(
  port: number,
  onMessage: (message: WebhookMessage) => void,
): Promise<Receiver> {
  let verifier: Webhook | undefined;
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== RECEIVER_PATH) {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      let message: WebhookMessage;
      try {
        if (!verifier) throw new Error('no secret yet');
        message = verifier.verify(
          Buffer.concat(chunks).toString('utf8'),
          request.headers as Record<string, string>,
        ) as WebhookMessage;
      } catch {
        response.writeHead(401).end();
        return;
      }
      onMessage(message);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}${RECEIVER_PATH}`,
    verifyWith(secret) {
      verifier = new Webhook(secret);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
