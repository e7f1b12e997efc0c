import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';

/** For load balancers and orchestrators, outside the admin API: public. */
const operationsCalls = area('Operations', EVERY_ROLE);

export const healthz = operationsCalls.get('/healthz', {
  summary: 'Liveness: the process answers.',
  data: z.null(),
  public: true,
});

export const readyz = operationsCalls.get('/readyz', {
  summary: 'Readiness: the database answers (503 with status false when it does not).',
  data: z.null(),
  public: true,
});
