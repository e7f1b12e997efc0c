/** The integration module's public face: the keys' admin calls and the integration API. */
export { integrationApi, INTEGRATION_OPENAPI_URL } from './door';
export { integrationKeyRoutes } from './keys.routes';
export { pruneIdempotencyKeys } from './idempotency';
export { recordRideEvent } from './trips.repository';
export { insertKey, revokeKey } from './keys.repository';
export { newIntegrationKey } from './key-format';
