import type { IntegrationScope, WebhookEventType } from '@cabdesk/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/client';
import { integrationKeys, serviceTypes, vehicleTypes, webhooks } from '../db/schema';
import { audit, type Actor } from '../lib/audit';
import { insertKey, newIntegrationKey, revokeKey } from '../modules/integration';
import { insertWebhook, toWebhook, updateWebhook } from '../modules/webhooks';
import { SERVICE_TYPES, VEHICLE_TYPES } from '../seed/catalog';
import { RECEIVER_PATH } from './receiver';
import type { Catalog, Credentials } from './simulation';

/** The name of the simulator's integration key in Settings -> Integrations. */
export const SIMULATOR_KEY_NAME = 'Cabdesk simulator';
/** What the simulator writes. */
const SCOPES: IntegrationScope[] = [
  'people:write',
  'vehicles:write',
  'documents:write',
  'trips:write',
  'payments:write',
  'positions:write',
];
/** What the simulator listens for: the desk's decisions about its drivers and trips. */
const EVENTS: WebhookEventType[] = [
  'approval.decided',
  'status.changed',
  'record.deleted',
  'trip.cancelled',
];
/** The server acts, not an administrator. */
const SERVER: Actor = { ip: null };

const isSimulatorEndpoint = (url: string) => {
  const parsed = new URL(url);
  return parsed.hostname === '127.0.0.1' && parsed.pathname === RECEIVER_PATH;
};

/**
 * The service and vehicle types the simulator's cars are registered as: the
 * marketplace's own, or, where it has none (an empty marketplace, on which no
 * vehicle could be registered), the seed's, made here and audited as the
 * server's doing.
 */
async function catalogOf(tx: Tx): Promise<Catalog> {
  const made: Parameters<typeof audit>[2][] = [];
  let services = await tx.select().from(serviceTypes);
  if (services.length === 0) {
    const rows = SERVICE_TYPES.map((title) => ({ title }));
    services = await tx.insert(serviceTypes).values(rows).returning();
    made.push(
      ...services.map(({ id, title }) => ({
        action: 'service_type_create',
        tableName: 'service_types',
        recordId: id,
        after: { title },
      })),
    );
  }
  let types = await tx.select().from(vehicleTypes);
  if (types.length === 0) {
    types = await tx
      .insert(vehicleTypes)
      .values([...VEHICLE_TYPES])
      .returning();
    made.push(
      ...types.map(({ id, ...after }) => ({
        action: 'vehicle_type_create',
        tableName: 'vehicle_types',
        recordId: id,
        after,
      })),
    );
  }
  for (const entry of made) await audit(tx, SERVER, entry);
  return {
    serviceTypes: services.map((row) => row.title),
    vehicleTypes: types.map(({ title, seats }) => ({ title, seats })),
  };
}

/**
 * The simulator's key and webhook endpoint, as an Owner would make them in
 * Settings, for a simulator whose receiver listens at `receiverUrl`: a new
 * key (stored hashed like every key; the one of an earlier run, whose text
 * nobody kept, is revoked) and the endpoint of an earlier run pointed at the
 * receiver's new address, or a new one. Audited as the server's doing. With
 * them, the service and vehicle types its cars may be (catalogOf).
 */
export function provisionSimulator(db: Db, receiverUrl: string): Promise<Credentials> {
  return db.transaction(async (tx) => {
    const earlier = await tx
      .select({ id: integrationKeys.id })
      .from(integrationKeys)
      .where(and(eq(integrationKeys.name, SIMULATOR_KEY_NAME), isNull(integrationKeys.revokedAt)));
    for (const { id } of earlier) {
      const revoked = await revokeKey(tx, id, new Date());
      if (revoked.kind !== 'done') continue;
      await audit(tx, SERVER, {
        action: 'integration_key_revoke',
        tableName: 'integration_keys',
        recordId: id,
        before: { revoked_at: null },
        after: { name: SIMULATOR_KEY_NAME, revoked_at: revoked.key.revoked_at },
      });
    }
    const made = newIntegrationKey();
    const key = await insertKey(tx, {
      name: SIMULATOR_KEY_NAME,
      scopes: SCOPES,
      keyHash: made.hash,
      prefix: made.prefix,
      createdBy: null,
    });
    await audit(tx, SERVER, {
      action: 'integration_key_create',
      tableName: 'integration_keys',
      recordId: key.id,
      after: { name: SIMULATOR_KEY_NAME, scopes: SCOPES, prefix: made.prefix },
    });

    const before = (await tx.select().from(webhooks)).find((w) => isSimulatorEndpoint(w.url));
    const endpoint = before
      ? await updateWebhook(tx, before.id, { url: receiverUrl, events: EVENTS, enabled: true })
      : await insertWebhook(tx, { url: receiverUrl, events: EVENTS });
    await audit(tx, SERVER, {
      action: before ? 'webhook_update' : 'webhook_create',
      tableName: 'webhooks',
      recordId: endpoint.id,
      ...(before ? { before: toWebhook(before) } : {}),
      after: toWebhook(endpoint),
    });
    return { key: made.key, secret: endpoint.secret, catalog: await catalogOf(tx) };
  });
}
