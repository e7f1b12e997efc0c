/** The notifications module's public face: what the app and other modules may use. */
export { notificationHubPlugin, type NotificationOptions } from './hub';
export { notificationRoutes, pushKeyRoutes } from './notifications.routes';
export { isLoopbackAddress, isPublicAddress, publicOnlyLookup } from './public-agent';
export { liveSession, redeemStreamTicket } from './notifications.repository';
