/** The account module's public face: its routes. */
export { accountRoutes } from './account.routes';
