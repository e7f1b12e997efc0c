import {
  adminList,
  adminUpdate,
  changePassword,
  dashboard,
  logout,
  sessionList,
  sessionRevoke,
} from '@cabdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema';
import {
  ADMIN,
  bearer,
  buildTestApp,
  callApi,
  createAdmin,
  createSharedTestDatabase,
  signedIn,
} from '../../../test/helper';
import { setTwoFactorRequired } from './admins.repository';
import { resetTwoFactor } from './two-factor';

const COLLEAGUE = { email: 'colleague@cabdesk.test', password: 'another fine password' };
const ENROLLED = { email: 'enrolled@cabdesk.test', password: 'yet another passphrase' };

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

/**
 * Two API instances over one database: a change made through one holds on
 * the other from its next call.
 */
async function twoInstances() {
  const [one, two] = await createSharedTestDatabase(2);
  const a = await buildTestApp({}, false, undefined, one);
  const b = await buildTestApp({}, false, undefined, two);
  return { a: a.app, b: b.app, database: one! };
}

/** The calls of a token on one instance. */
const as =
  (app: App, token: string) =>
  (...[target, input]: Parameters<typeof callApi> extends [App, ...infer R] ? R : never) =>
    callApi(app, target, input, bearer(token));

const inTransaction = (database: Database, change: Parameters<Database['db']['transaction']>[0]) =>
  database.db.transaction(change);

describe('two instances over one database', () => {
  it('ends a session on the other instance at once: logout, revocation, password change, deactivation', async () => {
    const { a, b, database } = await twoInstances();
    await createAdmin(database);
    const colleague = await createAdmin(database, COLLEAGUE, 'Operator');

    // Logout on A.
    const mine = await signedIn(a);
    expect((await as(b, mine.token)(dashboard)).statusCode).toBe(200);
    expect((await mine.call(logout)).statusCode).toBe(200);
    expect((await as(b, mine.token)(dashboard)).statusCode).toBe(401);

    // One session ended from another of the same administrator, on A.
    const victim = await signedIn(a);
    expect((await as(b, victim.token)(dashboard)).statusCode).toBe(200);
    const onA = await signedIn(a);
    const id = (await victim.call(sessionList)).body.data.find(
      (s: { current: boolean }) => s.current,
    ).id;
    expect((await onA.call(sessionRevoke, { id })).statusCode).toBe(200);
    expect((await as(b, victim.token)(dashboard)).statusCode).toBe(401);

    // A password change on A ends every session of that administrator.
    const other = await signedIn(a);
    expect((await as(b, other.token)(dashboard)).statusCode).toBe(200);
    const changed = await onA.call(changePassword, {
      password: ADMIN.password,
      new_password: 'a brand new passphrase',
      confirm_password: 'a brand new passphrase',
    });
    expect(changed.statusCode).toBe(200);
    expect((await as(b, other.token)(dashboard)).statusCode).toBe(401);

    // An Owner deactivates a colleague on A.
    const ownerOnA = await signedIn(a, { ...ADMIN, password: 'a brand new passphrase' });
    const theirs = await signedIn(b, COLLEAGUE);
    expect((await theirs.call(dashboard)).statusCode).toBe(200);
    const off = await ownerOnA.call(adminUpdate, { id: colleague.id, status: 'Inactive' });
    expect(off.statusCode).toBe(200);
    expect((await theirs.call(dashboard)).statusCode).toBe(401);
  });

  it('gives the other instance a new role, a two-factor reset and the two-factor rule at once', async () => {
    const { a, b, database } = await twoInstances();
    await createAdmin(database);
    const colleague = await createAdmin(database, COLLEAGUE, 'Operator');
    const ownerOnA = await signedIn(a);
    // Signed in, then two-factor turned on (a sign-in with it needs the app's code).
    const { id: enrolledId } = await createAdmin(database, ENROLLED, 'Support');
    const enrolled = (await signedIn(b, ENROLLED)).token;
    await database.db
      .update(admins)
      .set({ totpEnabledAt: new Date(), totpSecret: 'JBSWY3DPEHPK3PXP' })
      .where(eq(admins.id, enrolledId));

    // Promoted to Owner on A: Settings -> Administrators opens on B.
    const theirs = await signedIn(b, COLLEAGUE);
    expect((await theirs.call(adminList)).statusCode).toBe(403);
    expect((await ownerOnA.call(adminUpdate, { id: colleague.id, role: 'Owner' })).statusCode).toBe(
      200,
    );
    expect((await theirs.call(adminList)).statusCode).toBe(200);
    // Back to Operator: it closes again.
    expect(
      (await ownerOnA.call(adminUpdate, { id: colleague.id, role: 'Operator' })).statusCode,
    ).toBe(200);
    expect((await theirs.call(adminList)).statusCode).toBe(403);

    // Two-factor required of everyone (the rule, as the Owner's call sets it): the
    // colleague without it may only set it up.
    expect((await theirs.call(dashboard)).statusCode).toBe(200);
    await inTransaction(database, (tx) => setTwoFactorRequired(tx, true));
    const refused = await theirs.call(dashboard);
    expect(refused.body.message).toBe('Two-factor sign-in is required: please set it up first.');

    // Someone with two-factor on may call under the rule; an Owner's reset of it
    // (or `npm run admin -- reset-2fa`) sends them back to enrolment.
    expect((await as(b, enrolled)(dashboard)).statusCode).toBe(200);
    await inTransaction(database, (tx) => resetTwoFactor(tx, enrolledId));
    expect((await as(b, enrolled)(dashboard)).statusCode).toBe(403);
  });
});
