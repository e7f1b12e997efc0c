import {
  DIRECTORY_MESSAGES,
  type Vehicle,
  VEHICLE_IMAGE_FIELDS,
  vehicleDetail,
  vehicleList,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { itemBatches, sendCsv, type CsvColumn } from '../../lib/export';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { documentsOf } from '../documents';
import { findUserRole } from '../users';
import { exportVehicles, findVehicle, listVehicles, vehicleFilterOf } from './vehicles.repository';

/** The columns of the vehicles' export: what the vehicle list shows. */
const VEHICLE_COLUMNS: readonly CsvColumn<Vehicle>[] = [
  { header: 'ID', cell: (v) => v.id },
  { header: 'Company', cell: (v) => v.company_data.company_name ?? v.company_data.name },
  { header: 'Service type', cell: (v) => v.service_type_data.title },
  { header: 'Vehicle type', cell: (v) => v.vehicle_type_data.title },
  { header: 'Brand', cell: (v) => v.brand_name.name },
  { header: 'Model', cell: (v) => v.model_name.name },
  { header: 'Color', cell: (v) => v.color_name.name },
  { header: 'Available seats', cell: (v) => v.vehicle_type_data.seats },
  { header: 'License plate', cell: (v) => v.license_number },
  { header: 'Approval', cell: (v) => v.approval },
  { header: 'Status', cell: (v) => v.status },
  { header: 'Registration date', cell: (v) => v.created_at },
];

/** vehicle-list and vehicle-detail (SPEC 7). */
export async function vehicleRoutes(app: FastifyInstance) {
  const { db } = app.database;
  /** The vehicle with signed URLs in place of its stored image paths. */
  const signed = <V extends Vehicle>(vehicle: V): V => {
    const copy = { ...vehicle };
    for (const field of VEHICLE_IMAGE_FIELDS) copy[field] = app.uploads.url(vehicle[field]);
    return copy;
  };

  route(app, vehicleList, async (request, reply) => {
    const { company_id, sort, page, per_page } = request.query;
    if (company_id !== undefined && (await findUserRole(db, company_id)) !== 'Company') {
      throw new HttpError(404, DIRECTORY_MESSAGES.companyNotFound);
    }
    const filter = vehicleFilterOf(request.query);
    if (request.query.format === 'csv') {
      return sendCsv(request, reply, app.database, app.clock(), {
        endpoint: vehicleList,
        columns: VEHICLE_COLUMNS,
        batches: () => itemBatches(app.database, exportVehicles(filter, sort)),
      });
    }
    const vehicles = await listVehicles(db, filter, { page, per_page }, sort);
    return {
      status: true,
      message: DIRECTORY_MESSAGES.vehiclesFetched,
      data: { ...vehicles, data: vehicles.data.map(signed) },
    };
  });

  route(app, vehicleDetail, async (request) => {
    const found = await findVehicle(db, request.query.vehicle_id);
    if (!found) throw new HttpError(404, DIRECTORY_MESSAGES.vehicleNotFound);
    const { expiries, ...vehicle } = found;
    return {
      status: true,
      message: DIRECTORY_MESSAGES.vehicleFetched,
      data: {
        ...vehicle,
        ...signed(vehicle),
        documents: documentsOf('vehicle', vehicle, expiries, app.uploads.url),
      },
    };
  });
}
