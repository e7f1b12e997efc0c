/** The vehicles module's public face: its routes. */
export { vehicleRoutes } from './vehicles.routes';
export { vehicleIdsOf, type VehicleFilter } from './vehicles.repository';
