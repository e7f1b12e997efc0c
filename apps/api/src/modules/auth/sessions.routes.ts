import { SESSION_MESSAGES, sessionList, sessionRevoke } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { sessionOf } from './auth.plugin';
import { liveSessionsOf, revokeOwnSessions } from './sessions';

/** My Profile's sessions: where I am signed in, and ending any of the others. */
export async function sessionRoutes(app: FastifyInstance) {
  const { config, database } = app;
  const { db } = database;

  route(app, sessionList, async (request) => {
    const current = sessionOf(request);
    const rows = await liveSessionsOf(db, current.adminId, config.session);
    return {
      status: true,
      message: SESSION_MESSAGES.listed,
      data: rows.map((row) => ({
        id: row.id,
        user_agent: row.userAgent,
        device_type: row.deviceType,
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        current: row.id === current.id,
      })),
    };
  });

  route(app, sessionRevoke, async (request) => {
    const current = sessionOf(request);
    const { id } = request.body;
    if (id === current.id) throw new HttpError(409, SESSION_MESSAGES.current);
    const revoked = await db.transaction(async (tx) => {
      const ids = await revokeOwnSessions(
        tx,
        current.adminId,
        config.session,
        id === undefined ? { allBut: current.id } : { id },
      );
      for (const revokedId of ids) {
        await audit(tx, request, {
          action: 'session_revoke',
          tableName: 'admin_sessions',
          recordId: revokedId,
        });
      }
      return ids;
    });
    if (id !== undefined && revoked.length === 0) {
      throw new HttpError(404, SESSION_MESSAGES.missing);
    }
    return {
      status: true,
      message: id === undefined ? SESSION_MESSAGES.revokedOthers : SESSION_MESSAGES.revoked,
      data: { revoked: revoked.length },
    };
  });
}
