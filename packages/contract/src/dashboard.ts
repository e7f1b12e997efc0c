import { z } from 'zod';
import { envelopeSchema } from './envelope';

export const dashboardSchema = z.object({
  overall_driver: z.number().int(),
  overall_vehicle: z.number().int(),
  overall_company: z.number().int(),
  /** Sum of completed rides, in dollars with cents. */
  overall_revenue: z.number(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = envelopeSchema(dashboardSchema);
