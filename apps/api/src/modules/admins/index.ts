/** The administrators module's public face: the desk's team, for the app. */
export { adminRoutes } from './admins.routes';
