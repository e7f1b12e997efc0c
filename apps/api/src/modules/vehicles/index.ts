/** The vehicles module's public face: its routes. */
export { vehicleRoutes } from './vehicles.routes';
export { vehicleFilterOf, vehicleIdsOf } from './vehicles.repository';
