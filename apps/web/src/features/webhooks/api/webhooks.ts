import {
  auditLog,
  webhookCreate,
  webhookDelete,
  webhookDeliveryAttempts,
  webhookDeliveryList,
  webhookList,
  webhookRedeliver,
  webhookRotateSecret,
  webhookTest,
  webhookUpdate,
  type WebhookDeliveryListQuery,
} from '@cabdesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invalidate, mutationOf, queryOf } from '@/lib/call';

/** The endpoints (never their secrets). */
export const useWebhooks = () => useQuery(queryOf(webhookList));

/** One page of the delivery log, filtered by endpoint and status. */
export const useDeliveries = (query: WebhookDeliveryListQuery) =>
  useQuery(queryOf(webhookDeliveryList, query));

/** One delivery and each of its attempts (the log's drill-down), while `id` is set. */
export const useDeliveryAttempts = (id: number | null) =>
  useQuery({ ...queryOf(webhookDeliveryAttempts, { id: id ?? 0 }), enabled: id !== null });

/** A change to the endpoints or their deliveries: the lists and the audit log move. */
const useWebhookChange = <E extends Parameters<typeof mutationOf>[0]>(endpoint: E) =>
  useMutation({
    ...mutationOf(endpoint),
    meta: { successToast: true },
    onSuccess: () =>
      Promise.all([
        invalidate(webhookList),
        invalidate(webhookDeliveryList),
        invalidate(webhookDeliveryAttempts),
        invalidate(auditLog),
      ]),
  });

/** Registers an endpoint; the answer holds its secret, shown once. */
export const useCreateWebhook = () => useWebhookChange(webhookCreate);
/** Its URL, events or enabled. */
export const useUpdateWebhook = () => useWebhookChange(webhookUpdate);
export const useDeleteWebhook = () => useWebhookChange(webhookDelete);
/** Queues a `webhook.test` event for one endpoint. */
export const useTestWebhook = () => useWebhookChange(webhookTest);
/** A new secret (shown once); the old one signs too for 24 hours. */
export const useRotateSecret = () => useWebhookChange(webhookRotateSecret);
/** Sends chosen deliveries again. */
export const useRedeliver = () => useWebhookChange(webhookRedeliver);
