/** The sales module's public face: its routes. */
export { salesRoutes } from './sales.routes';
