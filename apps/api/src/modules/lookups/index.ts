/** The lookups module's public face: its routes. */
export { lookupRoutes } from './lookups.routes';
