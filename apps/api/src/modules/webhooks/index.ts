/** The webhooks module's public face: its routes, the deliverer server.ts runs, and the endpoint writes the simulator's set-up uses. */
export { webhookRoutes } from './webhooks.routes';
export { createDeliverer } from './deliverer';
export { insertWebhook, toWebhook, updateWebhook } from './webhooks.repository';
