/** The rides module's public face: its routes. */
export { rideRoutes } from './rides.routes';
