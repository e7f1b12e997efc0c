import { INTEGRATION_MESSAGES } from '@cabdesk/contract';
import { HttpError } from '../../lib/http-error';

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

/** A refusal of an integration write as a 4xx naming the field at fault. */
export const onField = (status: number, field: string, message: string) =>
  new HttpError(status, message, { [field]: message });

/**
 * The answer of a refusal: 409 for a record the desk deleted or a payment
 * that clashes with another, 422 for a record named that is not there.
 */
export function refused(refusal: Refusal) {
  switch (refusal.kind) {
    case 'deleted':
      return onField(409, 'external_id', INTEGRATION_MESSAGES.deleted);
    case 'no-company':
      return onField(422, 'company_external_id', INTEGRATION_MESSAGES.noCompany);
    case 'company-deleted':
      return onField(422, 'company_external_id', INTEGRATION_MESSAGES.companyDeleted);
    case 'no-service-type':
      return onField(422, 'service_type', INTEGRATION_MESSAGES.unknownServiceType);
    case 'no-vehicle-type':
      return onField(422, 'vehicle_type', INTEGRATION_MESSAGES.unknownVehicleType);
    case 'seats':
      return onField(
        422,
        'seats',
        INTEGRATION_MESSAGES.seatsDiffer
          .replace('{type}', refusal.type)
          .replace('{seats}', String(refusal.seats)),
      );
    case 'no-passenger':
      return onField(422, 'user_external_id', INTEGRATION_MESSAGES.noPassenger);
    case 'no-driver':
      return onField(422, 'driver_external_id', INTEGRATION_MESSAGES.noDriver);
    case 'person-deleted':
      return onField(422, refusal.field, INTEGRATION_MESSAGES.personDeleted);
    case 'no-vehicle':
      return onField(422, 'vehicle_external_id', INTEGRATION_MESSAGES.noVehicle);
    case 'vehicle-deleted':
      return onField(422, 'vehicle_external_id', INTEGRATION_MESSAGES.vehicleDeleted);
    case 'no-trip':
      return onField(422, 'trip_external_id', INTEGRATION_MESSAGES.noTrip);
    case 'trip-paid':
      return onField(409, 'trip_external_id', INTEGRATION_MESSAGES.tripPaid);
    case 'transaction-id-taken':
      return onField(409, 'external_id', INTEGRATION_MESSAGES.transactionIdTaken);
    case 'email-taken':
      return onField(409, 'email', INTEGRATION_MESSAGES.emailTaken);
  }
}
