export { moneyRoutes } from './money.routes';
export { splitCompletedRides } from './split';
export { bankDetailsOf, saveBankDetails } from './payouts.repository';
export { payoutRoutes } from './payouts.routes';
export { statementRoutes } from './statements.routes';
