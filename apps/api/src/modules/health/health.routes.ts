import { healthz, readyz } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/client';
import { route } from '../../lib/route';

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(app: FastifyInstance) {
  route(app, healthz, async () => ({ status: true, message: 'OK', data: null }));
  route(app, readyz, async (_request, reply) => {
    const ready = await ping(app.database);
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready, message: ready ? 'Ready' : 'Database unavailable', data: null });
  });
}
