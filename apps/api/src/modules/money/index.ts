export { moneyRoutes } from './money.routes';
export { splitCompletedRides } from './split';
