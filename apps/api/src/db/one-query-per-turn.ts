import type { PGliteInterface } from '@electric-sql/pglite';

/**
 * PGlite runs every query synchronously on this thread, and its own queue
 * hands the lock to the next query in a microtask: under load, hundreds of
 * queued queries run back to back before the event loop turns once. Node
 * accepts one new connection per turn, so with 200 clients the last ones
 * waited half a minute to be accepted (bench/load.ts timed out 108 requests).
 *
 * This returns the client with `query` and `transaction` (all that Drizzle
 * calls) taken one at a time, the next one started from `setImmediate`: the
 * event loop turns between two queries, and new connections and requests are
 * read while the queue drains. A transaction is one turn. Each turn's
 * duration goes to the observer of `timeEach`, if any (metrics).
 */
export function oneQueryPerTurn<T extends PGliteInterface>(client: T) {
  const waiting: (() => void)[] = [];
  let busy = false;
  let observer: ((seconds: number) => void) | undefined;

  const next = () => {
    const start = waiting.shift();
    busy = start !== undefined;
    start?.();
  };
  const inTurn =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    (...args: A) =>
      new Promise<R>((resolve, reject) => {
        waiting.push(() => {
          const start = observer ? performance.now() : 0;
          work(...args)
            .then(resolve, reject)
            .finally(() => {
              observer?.((performance.now() - start) / 1000);
              setImmediate(next);
            });
        });
        if (!busy) next();
      });

  const query = inTurn(client.query.bind(client));
  const transaction = inTurn(client.transaction.bind(client));
  const proxy = new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      // PGlite keeps its state in private fields: its methods must run on the real instance.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return {
    client: proxy,
    timeEach: (next: (seconds: number) => void) => {
      observer = next;
    },
    busy: () => busy,
    waiting: () => waiting.length,
  };
}
