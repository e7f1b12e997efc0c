import { DIRECTORY_MESSAGES, type Vehicle, vehicleDetail, vehicleList } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { findUserRole } from '../users';
import { findVehicle, listVehicles } from './vehicles.repository';

/** A vehicle's documents and photos. */
const VEHICLE_IMAGES = [
  'registration_front',
  'registration_back',
  'insurance',
  'vehicle_front',
  'vehicle_back',
  'vehicle_right',
  'vehicle_left',
] as const;

/** vehicle-list and vehicle-detail (SPEC 7). */
export async function vehicleRoutes(app: FastifyInstance) {
  const { db } = app.database;
  /** The vehicle with signed URLs in place of its stored image paths. */
  const signed = <V extends Vehicle>(vehicle: V): V => {
    const copy = { ...vehicle };
    for (const field of VEHICLE_IMAGES) copy[field] = app.uploads.url(vehicle[field]);
    return copy;
  };

  route(app, vehicleList, async (request) => {
    const { company_id, approval, service_type_id, vehicle_type_id, search, sort, ...page } =
      request.query;
    if (company_id !== undefined && (await findUserRole(db, company_id)) !== 'Company') {
      throw new HttpError(404, DIRECTORY_MESSAGES.companyNotFound);
    }
    const filter = {
      companyId: company_id,
      approval,
      serviceTypeId: service_type_id,
      vehicleTypeId: vehicle_type_id,
      search,
    };
    const vehicles = await listVehicles(db, filter, page, sort);
    return {
      status: true,
      message: DIRECTORY_MESSAGES.vehiclesFetched,
      data: { ...vehicles, data: vehicles.data.map(signed) },
    };
  });

  route(app, vehicleDetail, async (request) => {
    const vehicle = await findVehicle(db, request.query.vehicle_id);
    if (!vehicle) throw new HttpError(404, DIRECTORY_MESSAGES.vehicleNotFound);
    return { status: true, message: DIRECTORY_MESSAGES.vehicleFetched, data: signed(vehicle) };
  });
}
