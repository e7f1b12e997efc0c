/** The history module's public face: its route. */
export { historyRoutes } from './history.routes';
