import {
  approvalUndo,
  caseUpdate,
  integrationCases,
  integrationRatings,
  approvalUser,
  bulkAction,
  deleteData,
  documentUpdate,
  integrationDocuments,
  integrationImport,
  integrationImportByOwner,
  integrationPayments,
  integrationPeople,
  integrationTrips,
  integrationVehicles,
  readableChanges,
  RECORD_CHANGE_KINDS,
  rideCancel,
  statusUpdate,
  type AnyEndpoint,
  type RecordChangeKind,
  type Role,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The LISTEN/NOTIFY channel of record changes, apart from the notifications'. */
export const CHANGES_CHANNEL = 'cabdesk_changes';

/**
 * The calls that write records, and what they change. A call is told once
 * it has answered 2xx, so after its transaction committed; one that wrote
 * nothing (an idempotent replay) costs the screens one needless refresh.
 */
const WRITES = new Map<AnyEndpoint, readonly RecordChangeKind[]>([
  [integrationTrips, ['rides']],
  [integrationPayments, ['rides', 'sales']],
  [integrationPeople, ['users']],
  [integrationVehicles, ['vehicles']],
  [integrationDocuments, ['users', 'vehicles']],
  [integrationImport, ['users', 'vehicles', 'rides', 'sales']],
  [integrationImportByOwner, ['users', 'vehicles', 'rides', 'sales']],
  [statusUpdate, ['users', 'vehicles']],
  [approvalUser, ['users', 'vehicles']],
  [approvalUndo, ['users', 'vehicles']],
  [deleteData, ['users', 'vehicles']],
  [bulkAction, ['users', 'vehicles']],
  [documentUpdate, ['users', 'vehicles']],
  [rideCancel, ['rides']],
  [integrationCases, ['cases']],
  [integrationRatings, ['cases']],
  // An outcome may deactivate the driver.
  [caseUpdate, ['cases', 'users']],
]);

export type ChangesOptions = {
  /** How long changes gather before one notification tells them all (default 1 s). */
  batchMs?: number;
};

type ChangeListener = { role: Role; send: (kinds: RecordChangeKind[]) => void };

/** Gathers what this instance's calls changed, tells every instance once a batch, fans it out. */
type RecordChanges = {
  /** Adds a stream; answers the function that removes it. */
  subscribe(listener: ChangeListener): () => void;
  /** Notes changed kinds: told with the others of the batch. */
  note(kinds: readonly RecordChangeKind[]): void;
  /** Tells what was noted now, without waiting for the batch (tests, closing). */
  flush(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    recordChanges: RecordChanges;
  }
}

const isKind = (value: unknown): value is RecordChangeKind =>
  RECORD_CHANGE_KINDS.includes(value as RecordChangeKind);

/**
 * Live lists (issue 46). Between instances there is no notification per
 * row: the kinds changed within a batch go out as one NOTIFY (a NOTIFY takes
 * a global lock at commit), so each instance sends at most one a batch
 * however many trips arrive; every instance hears it and tells the streams
 * of the administrators who may read those kinds.
 */
export const recordChangesPlugin = fp<ChangesOptions>(
  async (app: FastifyInstance, options) => {
    const batchMs = options.batchMs ?? 1000;
    const listeners = new Set<ChangeListener>();
    const noted = new Set<RecordChangeKind>();
    let timer: NodeJS.Timeout | undefined;
    let sending = Promise.resolve();

    const flush = async () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (noted.size === 0) return sending;
      const payload = JSON.stringify({ kinds: [...noted].sort() });
      noted.clear();
      sending = sending
        .then(() => app.database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`))
        .then(
          () => undefined,
          (err: unknown) => app.log.warn({ err }, 'record changes were not told'),
        );
      return sending;
    };

    const note = (kinds: readonly RecordChangeKind[]) => {
      for (const kind of kinds) noted.add(kind);
      if (noted.size > 0 && !timer) {
        timer = setTimeout(() => void flush(), batchMs);
        timer.unref();
      }
    };

    const unlisten = await app.database.listen(CHANGES_CHANNEL, (payload) => {
      let kinds: RecordChangeKind[];
      try {
        const parsed = (JSON.parse(payload) as { kinds?: unknown }).kinds;
        kinds = Array.isArray(parsed) ? parsed.filter(isKind) : [];
      } catch {
        app.log.warn('ignored a malformed record change payload');
        return;
      }
      for (const listener of listeners) {
        const readable = readableChanges(listener.role, kinds);
        if (readable.length > 0) listener.send(readable);
      }
    });

    app.addHook('onResponse', async (request, reply) => {
      const endpoint = request.routeOptions.config.endpoint;
      const kinds = endpoint && reply.statusCode < 300 ? WRITES.get(endpoint) : undefined;
      if (kinds) note(kinds);
    });

    app.decorate('recordChanges', {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      note,
      flush,
    } satisfies RecordChanges);

    app.addHook('preClose', async () => {
      listeners.clear();
      await flush();
      await unlisten();
    });
  },
  { name: 'record-changes' },
);
