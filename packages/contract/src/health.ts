import { z } from 'zod';
import { endpoint } from './endpoint';

/** For load balancers and orchestrators, outside the admin API. */

export const healthz = endpoint({
  method: 'GET',
  path: '/healthz',
  summary: 'Liveness: the process answers.',
  tag: 'Operations',
  data: z.null(),
  public: true,
});

export const readyz = endpoint({
  method: 'GET',
  path: '/readyz',
  summary: 'Readiness: the database answers (503 with status false when it does not).',
  tag: 'Operations',
  data: z.null(),
  public: true,
});
