/** The records module's public face: its routes. */
export { recordRoutes } from './records.routes';
// The case desk's outcome `driver_deactivated` switches the driver as status-update does.
export { setStatus } from './records.repository';
