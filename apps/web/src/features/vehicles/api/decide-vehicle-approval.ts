import { vehicleDetail, vehicleList } from '@cabdesk/contract';
import { useDecideApproval } from '@/hooks/use-record-mutations';
import { invalidate } from '@/lib/call';

/**
 * approval-user (table vehicles): sends the decision chosen (SPEC 4 notes the
 * old screen did not: ARCHITECTURE departure); the vehicle lists and that
 * vehicle's detail change.
 */
export const useDecideVehicleApproval = () =>
  useDecideApproval('vehicles', (id) =>
    Promise.all([invalidate(vehicleList), invalidate(vehicleDetail, { vehicle_id: id })]),
  );
