/** The users module's public face: what the app and other modules may use. */
export { userRoutes } from './users.routes';
export {
  decisionColumns,
  decisionOf,
  findUserRole,
  rideColumnOf,
  userFilterOf,
  userIdsOf,
} from './users.repository';
