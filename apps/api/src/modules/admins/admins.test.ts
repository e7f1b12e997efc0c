import {
  adminInvite,
  adminList,
  adminUpdate,
  approvalUser,
  dashboard,
  getProfile,
  inviteAccept,
  login,
} from '@cabdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admins, auditLog } from '../../db/schema';
import { captureLog, startSmtpSink } from '../../../test/mail';
import {
  ADMIN,
  bearer,
  buildTestApp,
  callApi,
  createAdmin,
  fakeClock,
  signedIn,
} from '../../../test/helper';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const COLLEAGUE = { email: 'sam@cabdesk.test', password: 'a fine long passphrase' };

/** The link of an invitation e-mail (quoted-printable undone). */
function inviteLinkIn(raw: string) {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/\S+\/accept-invite#[\w-]{43})/.exec(text);
  if (!match) throw new Error(`no invitation link in:\n${text.slice(0, 1500)}`);
  return match[1]!;
}

const tokenOf = (link: string) => link.split('#')[1]!;

const accept = (app: App, token: string, password = COLLEAGUE.password) =>
  callApi(app, inviteAccept, {
    token,
    name: 'Sam Support',
    password,
    confirm_password: password,
  });

/** An Owner signed in, on an app that e-mails through a test SMTP server, on a fake clock. */
async function desk() {
  const smtp = await startSmtpSink();
  const clock = fakeClock();
  const built = await buildTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://desk.example.com/' },
    false,
    clock.now,
  );
  const owner = await createAdmin(built.database);
  const { call } = await signedIn(built.app);
  return { ...built, smtp, clock, owner, call };
}

describe('inviting an administrator', () => {
  it('e-mails a single-use link that is nowhere else; the invitee sets a name and password and signs in with their role', async () => {
    const { app, database, smtp, owner, call } = await desk();

    const invited = await call(adminInvite, { email: ` ${COLLEAGUE.email} `, role: 'Support' });
    expect(invited.statusCode).toBe(200);
    expect(invited.body).toMatchObject({
      status: true,
      message: 'The invitation has been sent.',
      data: { email: COLLEAGUE.email, role: 'Support', status: 'Invited', name: '' },
    });
    const mail = await smtp.nth(1);
    expect(mail.to).toEqual([COLLEAGUE.email]);
    expect(mail.raw).toMatch(/^Subject: You are invited to Cabdesk/m);
    const link = inviteLinkIn(mail.raw);
    expect(link).toMatch(/^https:\/\/desk\.example\.com\/accept-invite#/);
    const token = tokenOf(link);
    // Only in the e-mail: not in the answer, the list, nor the database.
    expect(JSON.stringify(invited.body)).not.toContain(token);
    expect(JSON.stringify((await call(adminList)).body)).not.toContain(token);
    const [row] = await database.db.select().from(admins).where(eq(admins.email, COLLEAGUE.email));
    expect(JSON.stringify(row)).not.toContain(token);

    // Not an administrator yet: no sign-in, no reset code.
    expect((await callApi(app, login, { ...COLLEAGUE })).statusCode).toBe(401);

    const accepted = await accept(app, token);
    expect(accepted.body).toEqual({
      status: true,
      message: 'Welcome to Cabdesk. You are signed in.',
      data: {
        email: COLLEAGUE.email,
        token: expect.any(String),
        user: { id: row!.id, name: 'Sam Support', email: COLLEAGUE.email, role: 'Support' },
      },
    });
    // Signed in by the acceptance: its token works at once, no password typed again.
    const welcomed = await callApi(app, getProfile, undefined, bearer(accepted.body.data.token));
    expect(welcomed.body.data).toMatchObject({ name: 'Sam Support', role: 'Support' });
    expect((await accept(app, token, 'another fine passphrase')).body.message).toBe(
      'This invitation has expired or was already used. Please ask for a new one.',
    );

    const sam = await signedIn(app, COLLEAGUE);
    const me = await sam.call(getProfile);
    expect(me.body.data).toMatchObject({ name: 'Sam Support', role: 'Support' });
    expect(
      (await sam.call(approvalUser, { id: 1, table: 'users', approval: 'Approved' })).statusCode,
    ).toBe(403);

    const list = (await call(adminList)).body.data;
    expect(list.two_factor_required).toBe(false);
    expect(list.admins).toEqual([
      expect.objectContaining({ id: owner.id, role: 'Owner', status: 'Active', two_factor: false }),
      expect.objectContaining({
        email: COLLEAGUE.email,
        name: 'Sam Support',
        role: 'Support',
        status: 'Active',
        two_factor: false,
        last_login_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        invite_expires_at: null,
      }),
    ]);
    const actions = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tableName, 'admins'));
    expect(actions.map((a) => [a.action, a.adminId])).toEqual([
      ['admin_invite', owner.id],
      ['invite_accept', row!.id],
    ]);
    const signIns = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login'), eq(auditLog.adminId, row!.id)));
    // The acceptance's sign-in and the one with the password after it.
    expect(signIns).toHaveLength(2);
  });

  it('kills the last link when a new invitation replaces it, and any link after 72 hours', async () => {
    const { app, smtp, clock, call } = await desk();
    await call(adminInvite, { email: COLLEAGUE.email, role: 'Operator' });
    const first = tokenOf(inviteLinkIn((await smtp.nth(1)).raw));
    await call(adminInvite, { email: COLLEAGUE.email, role: 'Finance' });
    const second = tokenOf(inviteLinkIn((await smtp.nth(2)).raw));
    expect((await accept(app, first)).statusCode).toBe(400);

    clock.advance(72 * 3600 + 1);
    const late = await accept(app, second);
    expect(late.statusCode).toBe(400);
    expect(late.body.data.errors).toEqual({
      token: 'This invitation has expired or was already used. Please ask for a new one.',
    });
    await call(adminInvite, { email: COLLEAGUE.email, role: 'Finance' });
    expect((await accept(app, tokenOf(inviteLinkIn((await smtp.nth(3)).raw)))).statusCode).toBe(
      200,
    );
    expect((await signedIn(app, COLLEAGUE)).token).toEqual(expect.any(String));
  });

  it('refuses to invite an administrator who has an account, and a common password on accepting', async () => {
    const { app, smtp, call } = await desk();
    const taken = await call(adminInvite, { email: ADMIN.email.toUpperCase(), role: 'Support' });
    expect(taken.statusCode).toBe(409);
    await call(adminInvite, { email: COLLEAGUE.email, role: 'Support' });
    const token = tokenOf(inviteLinkIn((await smtp.nth(1)).raw));
    const common = await accept(app, token, 'password1');
    expect(common.statusCode).toBe(400);
    expect(common.body.data.errors.password).toMatch(/too common/);
    expect((await accept(app, token)).statusCode).toBe(200);
  });

  it('writes the e-mail to the log without SMTP_URL, with the link built from the Owner’s address', async () => {
    const log = captureLog();
    const { app, database } = await buildTestApp({}, log.logger);
    await createAdmin(database);
    const { call, token } = await signedIn(app);
    await call(
      adminInvite,
      { email: COLLEAGUE.email, role: 'Finance' },
      { ...bearer(token), host: 'cabdesk.internal:8080' },
    );
    const lines = log.lines;
    const mail = lines.find((line) => line.includes('You are invited to Cabdesk'));
    expect(mail).toMatch(/http:\/\/cabdesk\.internal:8080\/accept-invite#[\w-]{43}/);
  });
});

describe('changing roles and statuses', () => {
  it('changes a role at once, and refuses to demote or deactivate the last active Owner', async () => {
    const { app, database, owner, call } = await desk();
    const other = await createAdmin(database, COLLEAGUE, 'Operator');
    const colleague = await signedIn(app, COLLEAGUE);

    const promoted = await call(adminUpdate, { id: other.id, role: 'Owner' });
    expect(promoted.body.data).toMatchObject({ role: 'Owner', status: 'Active' });
    expect((await colleague.call(adminList)).statusCode).toBe(200);

    // Two Owners: one may step down, then the other is the last.
    expect((await colleague.call(adminUpdate, { id: owner.id, role: 'Support' })).statusCode).toBe(
      200,
    );
    for (const change of [{ role: 'Finance' }, { status: 'Inactive' }]) {
      const refused = await colleague.call(adminUpdate, { id: other.id, ...change });
      expect(refused.statusCode).toBe(409);
      expect(refused.body.message).toBe(
        'The last active Owner can be neither demoted nor deactivated.',
      );
    }
    const [row] = await database.db.select().from(admins).where(eq(admins.id, other.id));
    expect(row).toMatchObject({ role: 'Owner', status: 'Active' });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin_update'));
    expect(entry).toMatchObject({
      adminId: owner.id,
      recordId: other.id,
      before: { role: 'Operator', status: 'Active' },
      after: { role: 'Owner', status: 'Active' },
    });
  });

  it('keeps one Owner when two demote each other at the same moment', async () => {
    const { app, database, owner, call } = await desk();
    const other = await createAdmin(database, COLLEAGUE, 'Owner');
    const colleague = await signedIn(app, COLLEAGUE);
    const answers = await Promise.all([
      call(adminUpdate, { id: other.id, role: 'Operator' }),
      colleague.call(adminUpdate, { id: owner.id, role: 'Operator' }),
    ]);
    // One wins. The other is refused: 409 (the last Owner) when both checked roles
    // first, or 403 when the winner's demotion landed before its role check.
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const owners = await database.db.select().from(admins).where(eq(admins.role, 'Owner'));
    expect(owners).toHaveLength(1);
  });

  it('deactivation ends every session of that administrator at once, and sign-in is refused; reactivation lets them in', async () => {
    const { app, database, call } = await desk();
    const other = await createAdmin(database, COLLEAGUE, 'Operator');
    const first = await signedIn(app, COLLEAGUE);
    const second = await signedIn(app, COLLEAGUE);

    const off = await call(adminUpdate, { id: other.id, status: 'Inactive' });
    expect(off.body.data).toMatchObject({ status: 'Inactive' });
    for (const session of [first, second]) {
      expect((await session.call(dashboard)).statusCode).toBe(401);
    }
    // The right password answers exactly as a wrong one: no oracle for the password.
    const refused = await callApi(app, login, { ...COLLEAGUE });
    const wrong = await callApi(app, login, { ...COLLEAGUE, password: 'not the password' });
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toEqual(wrong.body);
    expect(refused.body.message).toBe('Invalid email or password.');

    expect((await call(adminUpdate, { id: other.id, status: 'Active' })).statusCode).toBe(200);
    expect((await (await signedIn(app, COLLEAGUE)).call(dashboard)).statusCode).toBe(200);
  });

  it('withdraws an invitation by deactivating it, and cannot activate someone who never accepted', async () => {
    const { app, smtp, call } = await desk();
    const invited = await call(adminInvite, { email: COLLEAGUE.email, role: 'Support' });
    const token = tokenOf(inviteLinkIn((await smtp.nth(1)).raw));
    const active = await call(adminUpdate, { id: invited.body.data.id, status: 'Active' });
    expect(active.statusCode).toBe(409);
    expect(
      (await call(adminUpdate, { id: invited.body.data.id, status: 'Inactive' })).statusCode,
    ).toBe(200);
    expect((await accept(app, token)).statusCode).toBe(400);
    expect((await call(adminUpdate, { id: 999_999, role: 'Support' })).statusCode).toBe(404);
    expect((await call(adminUpdate, { id: invited.body.data.id })).body.data.errors).toEqual({
      role: 'Send a role or a status.',
    });
  });
});
