/** The webhooks module's public face: its routes, and the deliverer server.ts runs. */
export { webhookRoutes } from './webhooks.routes';
export { createDeliverer } from './deliverer';
