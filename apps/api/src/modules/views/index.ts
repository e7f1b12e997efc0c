/** The saved views module's public face: its routes. */
export { viewRoutes } from './views.routes';
