/** The dashboard module's public face: its routes. */
export { dashboardRoutes } from './dashboard.routes';
