export { moneyRoutes } from './money.routes';
export { splitCompletedRides } from './split';
export { refundRoutes } from './refunds.routes';
