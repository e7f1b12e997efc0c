import {
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  webhookCreate,
  webhookDelete,
  webhookDeliveryAttempts,
  webhookDeliveryList,
  webhookList,
  webhookRedeliver,
  webhookRotateSecret,
  webhookTest,
  webhookUpdate,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { writeTestEvent } from '../../lib/outbox';
import { route } from '../../lib/route';
import { refusedTarget } from './targets';
import {
  deleteWebhook,
  deliveryAttempts,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  lockWebhook,
  requeueDeliveries,
  rotateSecret,
  toWebhook,
  updateWebhook,
} from './webhooks.repository';

const missing = () => new HttpError(404, WEBHOOK_MESSAGES.missing);

/** Webhook endpoints and their delivery log (issue 44), Owners only; every change audited. */
export async function webhookRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const allowLoopback = app.config.webhooks.allowLoopback;

  /** Refuses a URL that is not a public https address (422, on the `url` field). */
  const checkTarget = async (url: string) => {
    if (await refusedTarget(url, allowLoopback)) {
      throw new HttpError(422, WEBHOOK_MESSAGES.urlNotPublic, {
        url: WEBHOOK_MESSAGES.urlNotPublic,
      });
    }
  };

  /** Locks the endpoint, or answers 404. */
  const locked = async (tx: Tx, id: number) => {
    const row = await lockWebhook(tx, id);
    if (!row) throw missing();
    return row;
  };

  route(app, webhookList, async () => ({
    status: true,
    message: WEBHOOK_MESSAGES.listed,
    data: (await listWebhooks(db)).map(toWebhook),
  }));

  route(app, webhookCreate, async (request) => {
    const { url, events } = request.body;
    await checkTarget(url);
    const row = await db.transaction(async (tx) => {
      const created = await insertWebhook(tx, { url, events });
      await audit(tx, request, {
        action: 'webhook_create',
        tableName: 'webhooks',
        recordId: created.id,
        after: toWebhook(created),
      });
      return created;
    });
    return {
      status: true,
      message: WEBHOOK_MESSAGES.created,
      data: { id: row.id, secret: row.secret },
    };
  });

  route(app, webhookUpdate, async (request) => {
    const { id, url, events, enabled } = request.body;
    if (url !== undefined) await checkTarget(url);
    const row = await db.transaction(async (tx) => {
      const before = await locked(tx, id);
      const after = await updateWebhook(tx, id, { url, events, enabled });
      await audit(tx, request, {
        action: 'webhook_update',
        tableName: 'webhooks',
        recordId: id,
        before: toWebhook(before),
        after: toWebhook(after),
      });
      return after;
    });
    return { status: true, message: WEBHOOK_MESSAGES.updated, data: toWebhook(row) };
  });

  route(app, webhookDelete, async (request) => {
    const { id } = request.body;
    await db.transaction(async (tx) => {
      const before = await locked(tx, id);
      await deleteWebhook(tx, id);
      await audit(tx, request, {
        action: 'webhook_delete',
        tableName: 'webhooks',
        recordId: id,
        before: toWebhook(before),
      });
    });
    return { status: true, message: WEBHOOK_MESSAGES.deleted, data: { id } };
  });

  route(app, webhookTest, async (request) => {
    const { id } = request.body;
    const deliveryId = await db.transaction(async (tx) => {
      await locked(tx, id);
      const delivery = await writeTestEvent(tx, id, app.clock());
      await audit(tx, request, {
        action: 'webhook_test',
        tableName: 'webhooks',
        recordId: id,
        after: { delivery_id: delivery },
      });
      return delivery;
    });
    return { status: true, message: WEBHOOK_MESSAGES.tested, data: { delivery_id: deliveryId } };
  });

  route(app, webhookRotateSecret, async (request) => {
    const { id } = request.body;
    const until = new Date(app.clock().getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000);
    const row = await db.transaction(async (tx) => {
      await locked(tx, id);
      const rotated = await rotateSecret(tx, id, until);
      // Which secret is never written down: only that it changed, and until when the old one signs.
      await audit(tx, request, {
        action: 'webhook_rotate_secret',
        tableName: 'webhooks',
        recordId: id,
        after: { previous_secret_until: until.toISOString() },
      });
      return rotated;
    });
    return {
      status: true,
      message: WEBHOOK_MESSAGES.rotated,
      data: { id: row.id, secret: row.secret },
    };
  });

  route(app, webhookDeliveryList, async (request) => {
    const { webhook_id, status, page, per_page } = request.query;
    return {
      status: true,
      message: WEBHOOK_MESSAGES.deliveries,
      data: await listDeliveries(db, { webhookId: webhook_id, status }, { page, per_page }),
    };
  });

  route(app, webhookDeliveryAttempts, async (request) => {
    const found = await deliveryAttempts(db, request.query.id);
    if (!found) throw new HttpError(404, WEBHOOK_MESSAGES.deliveryMissing);
    return { status: true, message: WEBHOOK_MESSAGES.attempts, data: found };
  });

  route(app, webhookRedeliver, async (request) => {
    const ids = [...new Set(request.body.ids)];
    const queued = await db.transaction(async (tx) => {
      const count = await requeueDeliveries(tx, ids, app.clock());
      if (count > 0) {
        await audit(tx, request, {
          action: 'webhook_redeliver',
          tableName: 'webhook_deliveries',
          after: { ids },
        });
      }
      return count;
    });
    if (queued === 0) throw new HttpError(404, WEBHOOK_MESSAGES.noDeliveries);
    return { status: true, message: WEBHOOK_MESSAGES.redelivered, data: { queued } };
  });
}
