import { z } from 'zod';
import { envelopeSchema } from './envelope';

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** SPEC 3: the notification call answers `data.data`, an array. */
export const notificationListSchema = z.object({ data: z.array(notificationSchema) });
export const notificationResponseSchema = envelopeSchema(notificationListSchema);
