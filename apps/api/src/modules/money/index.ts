export { moneyRoutes } from './money.routes';
export { entriesOfSplit, splitCompletedRides, splitsOf } from './split';
export { bankDetailsOf, saveBankDetails } from './payouts.repository';
export { payoutRoutes } from './payouts.routes';
export { statementRoutes } from './statements.routes';
export { refundRoutes } from './refunds.routes';
export type { LedgerEntry } from './ledger';
