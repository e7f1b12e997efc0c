/** The records module's public face: its routes. */
export { recordRoutes } from './records.routes';
