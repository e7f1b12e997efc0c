import { INTEGRATION_MESSAGES } from '@cabdesk/contract';
import { onField } from '../../lib/http-error';

/** Why a write of the integration API was not made: the route answers each with its status and field. */
export type Refusal =
  | { kind: 'deleted' }
  | { kind: 'no-company' }
  | { kind: 'company-deleted' }
  | { kind: 'no-service-type' }
  | { kind: 'no-vehicle-type' }
  | { kind: 'seats'; type: string; seats: number }
  | { kind: 'no-passenger' }
  | { kind: 'no-driver' }
  | { kind: 'person-deleted'; field: 'user_external_id' | 'driver_external_id' }
  | { kind: 'no-vehicle' }
  | { kind: 'vehicle-deleted' }
  | { kind: 'no-trip' }
  | { kind: 'trip-paid' }
  | { kind: 'transaction-id-taken' }
  | { kind: 'email-taken' };

/** Each plain refusal's status, field and message. */
const ANSWERS: Record<
  Exclude<Refusal['kind'], 'seats' | 'person-deleted'>,
  [status: number, field: string, message: string]
> = {
  deleted: [409, 'external_id', INTEGRATION_MESSAGES.deleted],
  'no-company': [422, 'company_external_id', INTEGRATION_MESSAGES.noCompany],
  'company-deleted': [422, 'company_external_id', INTEGRATION_MESSAGES.companyDeleted],
  'no-service-type': [422, 'service_type', INTEGRATION_MESSAGES.unknownServiceType],
  'no-vehicle-type': [422, 'vehicle_type', INTEGRATION_MESSAGES.unknownVehicleType],
  'no-passenger': [422, 'user_external_id', INTEGRATION_MESSAGES.noPassenger],
  'no-driver': [422, 'driver_external_id', INTEGRATION_MESSAGES.noDriver],
  'no-vehicle': [422, 'vehicle_external_id', INTEGRATION_MESSAGES.noVehicle],
  'vehicle-deleted': [422, 'vehicle_external_id', INTEGRATION_MESSAGES.vehicleDeleted],
  'no-trip': [422, 'trip_external_id', INTEGRATION_MESSAGES.noTrip],
  'trip-paid': [409, 'trip_external_id', INTEGRATION_MESSAGES.tripPaid],
  'transaction-id-taken': [409, 'external_id', INTEGRATION_MESSAGES.transactionIdTaken],
  'email-taken': [409, 'email', INTEGRATION_MESSAGES.emailTaken],
};

/**
 * The answer of a refusal: 409 for a record the desk deleted or a payment
 * that clashes with another, 422 for a record named that is not there.
 */
export function refused(refusal: Refusal) {
  switch (refusal.kind) {
    case 'seats':
      return onField(
        422,
        'seats',
        INTEGRATION_MESSAGES.seatsDiffer
          .replace('{type}', refusal.type)
          .replace('{seats}', String(refusal.seats)),
      );
    case 'person-deleted':
      return onField(422, refusal.field, INTEGRATION_MESSAGES.personDeleted);
    default:
      return onField(...ANSWERS[refusal.kind]);
  }
}
