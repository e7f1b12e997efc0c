import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema } from './envelope';
import { documentSchema } from './documents';
import { exportQuery, sortQuery } from './list-query';
import {
  activeStatusSchema,
  approvalSchema,
  decisionFields,
  imageUrlSchema,
  int,
  statusReasonSchema,
} from './vocabulary';

const vehicleCompanySchema = z.object({
  id: int(),
  company_name: z.string().nullable(),
  /** The owner's name. */
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
});

/**
 * One vehicle, in vehicle-list and vehicle-detail alike (SPEC 3), and its
 * Active status: Inactive when the daily check found a document expired
 * (`status_reason` "Document expired"), Active again once it is renewed.
 */
const vehicleSchema = z.object({
  id: int(),
  license_number: z.string(),
  approval: approvalSchema,
  status: activeStatusSchema,
  status_reason: statusReasonSchema,
  created_at: z.string(),
  service_type_data: z.object({ id: int(), title: z.string() }),
  vehicle_type_data: z.object({ id: int(), title: z.string(), seats: int() }),
  brand_name: z.object({ id: int(), name: z.string() }),
  model_name: z.object({ id: int(), name: z.string() }),
  color_name: z.object({ id: int(), name: z.string() }),
  company_data: vehicleCompanySchema,
  registration_front: imageUrlSchema,
  registration_back: imageUrlSchema,
  insurance: imageUrlSchema,
  vehicle_front: imageUrlSchema,
  vehicle_back: imageUrlSchema,
  vehicle_right: imageUrlSchema,
  vehicle_left: imageUrlSchema,
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** A driver who drives the vehicle (driver_vehicles). */
const vehicleDriverSchema = z.object({
  id: int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});

/**
 * vehicle-detail: the vehicle, its last decision, its documents with their
 * expiry, and the drivers who drive it (live drivers, by name; [] when none).
 */
const vehicleDetailSchema = vehicleSchema.extend({
  ...decisionFields,
  documents: z.array(documentSchema),
  drivers: z.array(vehicleDriverSchema),
});
export type VehicleDetail = z.infer<typeof vehicleDetailSchema>;

/** vehicle-list sorts by registration date (the default, newest first) or plate. */
export const VEHICLE_SORTS = ['created_at', 'license_number'] as const;

/**
 * GET vehicle-list: vehicles newest first (or by VEHICLE_SORTS), of one
 * company when company_id is given (404 when that company is missing or
 * deleted). Search matches plate, company name, owner, brand, model, service
 * and vehicle type. `approval`, `service_type_id` and `vehicle_type_id`
 * filter (the lookups call lists the types).
 */
const vehicleFilters = {
  company_id: optionalQuery(idSchema),
  approval: optionalQuery(approvalSchema),
  service_type_id: optionalQuery(idSchema),
  vehicle_type_id: optionalQuery(idSchema),
};

const vehicleListQuerySchema = pageQuerySchema.extend({
  ...exportQuery,
  ...vehicleFilters,
  sort: sortQuery(VEHICLE_SORTS),
});

/** The vehicles a bulk action selects by filter: vehicle-list's parameters without paging and sort. */
export const vehicleFilterSchema = pageQuerySchema.pick({ search: true }).extend(vehicleFilters);
export type VehicleFilter = z.output<typeof vehicleFilterSchema>;

/** GET vehicle-detail (404 when missing or deleted). */
const vehicleDetailQuerySchema = z.object({ vehicle_id: idSchema });

// ---------------------------------------------------------------- calls

const directoryCalls = area('Directory', EVERY_ROLE);

export const vehicleList = directoryCalls.get('vehicle-list', {
  summary: 'Vehicles newest first or sorted, of one company or all, filtered, paged.',
  input: vehicleListQuerySchema,
  data: pagedSchema(vehicleSchema),
  export: 'vehicles',
});

export const vehicleDetail = directoryCalls.get('vehicle-detail', {
  summary: 'One vehicle with its documents, photos and drivers (404 when missing).',
  input: vehicleDetailQuerySchema,
  data: vehicleDetailSchema,
});
