import type { FastifyPluginAsync } from 'fastify';
import { ping } from '../../db/client';

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { config: { public: true } }, async () => ({
    status: true,
    message: 'OK',
    data: null,
  }));
  app.get('/readyz', { config: { public: true } }, async (_request, reply) => {
    const ready = await ping(app.database);
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready, message: ready ? 'Ready' : 'Database unavailable', data: null });
  });
};
