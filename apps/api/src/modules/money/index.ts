export { moneyRoutes } from './money.routes';
export { splitCompletedRides } from './split';
export { statementRoutes } from './statements.routes';
