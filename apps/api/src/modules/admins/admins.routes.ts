import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  adminInvite,
  adminList,
  adminUpdate,
  INVITE_TTL_HOURS,
  inviteAccept,
  TWO_FACTOR_MESSAGES,
  twoFactorPolicy,
  twoFactorReset,
} from '@cabdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { createMailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../lib/password-policy';
import { csvColumns, sendCsv } from '../../lib/export';
import { clientLimit } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import { hashToken, newToken } from '../../lib/tokens';
import {
  findAdminById,
  openSession,
  signedInData,
  isSteppedUp,
  resetTwoFactor,
  revokeAdminSessions,
  revokeOwnSessions,
  secondFactorMail,
  sessionOf,
  setTwoFactorRequired,
  tooManyRequests,
  twoFactorRequired,
} from '../auth';
import {
  acceptInvitation,
  changeAdmin,
  findInvitation,
  invite,
  listAdmins,
  toAdministrator,
  type Refusal,
} from './admins.repository';
import { inviteMail } from './invite-mail';

/** What a refused change answers. */
function refused(refusal: Refusal) {
  switch (refusal.kind) {
    case 'missing':
      return new HttpError(404, ADMIN_MESSAGES.missing);
    case 'taken':
      return new HttpError(409, ADMIN_MESSAGES.alreadyAdmin, {
        email: ADMIN_MESSAGES.alreadyAdmin,
      });
    case 'last-owner':
      return new HttpError(409, ADMIN_MESSAGES.lastOwner);
    case 'not-accepted':
      return new HttpError(409, ADMIN_MESSAGES.notAccepted);
  }
}

/** The page an invitation leads to; the token rides in the fragment, which no server or log sees. */
const PUBLIC_INVITE_PATH = '/accept-invite';

/** The administrators of the desk (Settings -> Administrators): Owners only. */
export async function adminRoutes(app: FastifyInstance) {
  const { config, database } = app;
  const { db } = database;
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());

  /** Where Cabdesk is opened: PUBLIC_URL, else the address the Owner's own request came to. */
  const publicUrlOf = (request: FastifyRequest) =>
    config.publicUrl ?? `${request.protocol}://${request.host}`;

  route(app, adminList, async (request, reply) => {
    const admins = (await listAdmins(db)).map(toAdministrator);
    if (request.query.format === 'csv') {
      type Row = (typeof admins)[number];
      return sendCsv(request, reply, app.database, app.clock(), {
        endpoint: adminList,
        columns: csvColumns<Row>({
          Name: 'name',
          Email: 'email',
          Role: 'role',
          Status: 'status',
          'Two-factor sign-in': (a) => (a.two_factor ? 'Yes' : 'No'),
          'Last sign-in': 'last_login_at',
          Created: 'created_at',
        }),
        batches: async () => [admins],
      });
    }
    return {
      status: true,
      message: ADMIN_MESSAGES.listed,
      data: { admins, two_factor_required: await twoFactorRequired(db) },
    };
  });

  route(app, adminInvite, async (request) => {
    const owner = sessionOf(request);
    const { email, role } = request.body;
    const token = newToken();
    const result = await db.transaction(async (tx) => {
      const invited = await invite(tx, {
        email,
        role,
        invitedBy: owner.adminId,
        tokenHash: hashToken(token),
        expiresAt: new Date(app.clock().getTime() + INVITE_TTL_HOURS * 3_600_000),
      });
      if (invited.kind !== 'done') return invited;
      await audit(tx, request, {
        action: 'admin_invite',
        tableName: 'admins',
        recordId: invited.admin.id,
        before: invited.before && { role: invited.before.role, status: invited.before.status },
        after: { email: invited.admin.email, role, status: 'Invited' },
      });
      return invited;
    });
    if (result.kind !== 'done') throw refused(result);
    const inviter = await findAdminById(db, owner.adminId);
    const link = `${publicUrlOf(request)}${PUBLIC_INVITE_PATH}#${token}`;
    try {
      await mailer.send(inviteMail(result.admin.email, link, inviter?.name || 'An Owner', role));
    } catch (err) {
      request.log.error({ err }, 'invitation e-mail failed');
      throw new HttpError(502, ADMIN_MESSAGES.mailFailed);
    }
    return { status: true, message: ADMIN_MESSAGES.invited, data: toAdministrator(result.admin) };
  });

  route(app, adminUpdate, async (request) => {
    const { id, role, status } = request.body;
    const result = await db.transaction(async (tx) => {
      const changed = await changeAdmin(tx, id, { role, status });
      if (changed.kind !== 'done') return changed;
      const { before, after } = changed;
      // Deactivated: every session ends now, and with it every live stream, on every instance.
      // A new role holds from the administrator's next call: sessions are read on every call.
      if (after.status === 'Inactive') await revokeAdminSessions(tx, id);
      await audit(tx, request, {
        action: 'admin_update',
        tableName: 'admins',
        recordId: id,
        before: { role: before.role, status: before.status },
        after: { role: after.role, status: after.status },
      });
      return changed;
    });
    if (result.kind !== 'done') throw refused(result);
    return { status: true, message: ADMIN_MESSAGES.updated, data: toAdministrator(result.after) };
  });

  const inviteLimit = clientLimit(db, 'invite-accept', config.loginLimit);
  /**
   * A public call: counted per client address like sign-in, and the password
   * is hashed only for a live invitation, so bogus tokens cost a look-up.
   */
  route(app, inviteAccept, async (request, reply) => {
    const { token, name, password } = request.body;
    const now = app.clock();
    const client = await inviteLimit.take(request.ip, now);
    if (!client.allowed) {
      throw tooManyRequests(reply, client.retryAfterSeconds, AUTH_MESSAGES.tooManyRequests);
    }
    const dead = () =>
      new HttpError(400, ADMIN_MESSAGES.inviteDead, { token: ADMIN_MESSAGES.inviteDead });
    if (!(await findInvitation(db, hashToken(token), now))) throw dead();
    // Only dead tokens count against the client: a live one may take several tries of a password.
    await inviteLimit.giveBack(request.ip, now);
    if (isCommonPassword(password)) {
      throw new HttpError(400, COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
    }
    const passwordHash = await hashPassword(password, config.passwordHashCost);
    const admin = await db.transaction(async (tx) => {
      const accepted = await acceptInvitation(tx, hashToken(token), now, {
        name,
        passwordHash,
      });
      if (!accepted) return null;
      await audit(tx, request, {
        adminId: accepted.id,
        action: 'invite_accept',
        tableName: 'admins',
        recordId: accepted.id,
        after: { name, status: 'Active' },
      });
      // Signed in at once: the password was just typed twice, not to be typed a third time.
      const session = await openSession(tx, request, config.session, accepted.id, {
        deviceToken: null,
        deviceType: 'Web',
      });
      return { accepted, session };
    });
    if (!admin) throw dead();
    const signedIn = await signedInData(db, admin.session, admin.accepted, false);
    return {
      status: true,
      message: ADMIN_MESSAGES.inviteAccepted,
      data: { ...signedIn, email: admin.accepted.email },
    };
  });

  route(app, twoFactorPolicy, async (request) => {
    const owner = sessionOf(request);
    const { required } = request.body;
    const me = await findAdminById(db, owner.adminId);
    // Else the Owner's own next call would lead them into enrolment.
    if (required && !me?.totpEnabledAt) throw new HttpError(409, ADMIN_MESSAGES.policyNeedsYours);
    await db.transaction(async (tx) => {
      const before = await twoFactorRequired(tx);
      await setTwoFactorRequired(tx, required);
      await audit(tx, request, {
        action: 'two_factor_policy',
        tableName: 'app_flags',
        before: { required: before },
        after: { required },
      });
    });
    return {
      status: true,
      message: required ? ADMIN_MESSAGES.policyOn : ADMIN_MESSAGES.policyOff,
      data: { required },
    };
  });

  /**
   * An Owner turns an administrator's second factor off (a lost phone). Their
   * own needs a step-up, as in My Profile. The account is e-mailed and its
   * sessions end (the Owner's own: every other one).
   */
  route(app, twoFactorReset, async (request) => {
    const { id } = request.body;
    const session = sessionOf(request);
    const own = id === session.adminId;
    if (own && !(await isSteppedUp(db, session.id, app.clock()))) {
      throw new HttpError(403, TWO_FACTOR_MESSAGES.stepUpRequired);
    }
    const admin = await db.transaction(async (tx) => {
      const before = await findAdminById(tx, id);
      if (!before) return null;
      await resetTwoFactor(tx, id);
      await audit(tx, request, {
        action: 'two_factor_reset',
        tableName: 'admins',
        recordId: id,
        before: { two_factor: before.totpEnabledAt !== null },
        after: { two_factor: false },
      });
      if (own) await revokeOwnSessions(tx, id, config.session, { allBut: session.id });
      else await revokeAdminSessions(tx, id);
      return findAdminById(tx, id);
    });
    if (!admin) throw new HttpError(404, ADMIN_MESSAGES.missing);
    if (admin.status !== 'Invited') {
      mailer
        .send(secondFactorMail(admin.email, own ? 'disabled' : 'reset'))
        .catch((err: unknown) => {
          request.log.error({ err }, 'the second-factor notice could not be sent');
        });
    }
    return { status: true, message: ADMIN_MESSAGES.twoFactorReset, data: toAdministrator(admin) };
  });
}
