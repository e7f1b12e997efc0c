import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { int } from './vocabulary';

/**
 * The values the lists filter by (issue 18): service types and vehicle types
 * (vehicle-list, ride-list `service_type_id`), and the payment methods the
 * sales hold (transaction `payment_method`), each by name.
 */
const lookupsSchema = z.object({
  service_types: z.array(z.object({ id: int(), title: z.string() })),
  vehicle_types: z.array(z.object({ id: int(), title: z.string(), seats: int() })),
  payment_methods: z.array(z.string()),
});
export type Lookups = z.infer<typeof lookupsSchema>;

export const LOOKUP_MESSAGES = { fetched: 'Lookups fetched successfully.' } as const;

export const lookups = area('Lookups', EVERY_ROLE).get('lookups', {
  summary: 'Service types, vehicle types and payment methods, for the list filters.',
  data: lookupsSchema,
});
