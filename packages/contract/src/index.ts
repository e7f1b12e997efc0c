export * from './envelope';
export * from './list-query';
export * from './endpoint';
export * from './vocabulary';
export * from './auth';
export * from './account';
export * from './notifications';
export * from './dashboard';
export * from './users';
export * from './vehicles';
export * from './rides';
export * from './records';
export * from './documents';
export * from './review';
export * from './notes';
export * from './history';
export * from './faqs';
export * from './coupons';
export * from './sales';
export * from './money';
export * from './payouts';
export * from './statements';
export * from './refunds';
export * from './two-factor';
export * from './admins';
export * from './audit';
export * from './lookups';
export * from './bulk';
export * from './views';
export * from './palette';
export * from './webhooks';
export * from './health';
export * from './integration';
export * from './live';
export * from './changes';
export * from './live-map';
export * from './cases';
export * from './i18n';

import * as account from './account';
import * as admins from './admins';
import * as audit from './audit';
import * as auth from './auth';
import * as bulk from './bulk';
import * as cases from './cases';
import * as coupons from './coupons';
import * as dashboard from './dashboard';
import * as documents from './documents';
import type { AnyEndpoint } from './endpoint';
import * as faqs from './faqs';
import * as health from './health';
import * as integration from './integration';
import * as live from './live';
import * as money from './money';
import * as payouts from './payouts';
import * as statements from './statements';
import * as refunds from './refunds';
import * as liveMap from './live-map';
import * as history from './history';
import * as notes from './notes';
import * as lookups from './lookups';
import * as notifications from './notifications';
import * as palette from './palette';
import * as records from './records';
import * as review from './review';
import * as rides from './rides';
import * as sales from './sales';
import * as twoFactor from './two-factor';
import * as users from './users';
import * as vehicles from './vehicles';
import * as views from './views';
import * as webhooks from './webhooks';

const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'response' in value;

/** Every call of the admin API, for what treats them alike (the API reference, the route tests). */
export const ENDPOINTS: readonly AnyEndpoint[] = [
  auth,
  account,
  notifications,
  dashboard,
  users,
  vehicles,
  rides,
  records,
  review,
  documents,
  notes,
  history,
  faqs,
  coupons,
  sales,
  money,
  payouts,
  statements,
  refunds,
  twoFactor,
  admins,
  audit,
  lookups,
  bulk,
  views,
  palette,
  webhooks,
  health,
  integration,
  live,
  liveMap,
  cases,
]
  .flatMap((area) => Object.values(area).filter(isEndpoint))
  .filter((e) => e.scope === undefined);

/**
 * Every call of the integration API (`/taxi-service/integration/v1/`), made
 * with an integration key: its routes and its own OpenAPI document.
 */
export const INTEGRATION_ENDPOINTS: readonly AnyEndpoint[] = (
  [...Object.values(integration), ...Object.values(live), ...Object.values(cases)] as unknown[]
)
  .filter(isEndpoint)
  .filter((e) => e.scope !== undefined);
