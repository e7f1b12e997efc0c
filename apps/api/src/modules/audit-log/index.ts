/** The audit log module's public face: its screen's call, for the app. */
export { auditLogRoutes } from './audit-log.routes';
