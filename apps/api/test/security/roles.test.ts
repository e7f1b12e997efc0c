import {
  API_BASE,
  approvalUser,
  dashboard,
  dashboardTrends,
  DELETABLE_TABLES,
  deleteData,
  ENDPOINTS,
  logout,
  mayDelete,
  rideDetail,
  ROLES,
  userDetail,
  type Role,
} from '@cabdesk/contract';
import { eq } from 'drizzle-orm';
import { admins } from '../../src/db/schema';
import { describe, expect, it } from 'vitest';
import { createCompany, createRide } from '../builders';
import { buildTestApp, createAdmin, signedIn } from '../helper';

const EVERY: readonly Role[] = ROLES;
const OWNER: readonly Role[] = ['Owner'];
const OPERATIONS: readonly Role[] = ['Owner', 'Operator'];
const CONTENT: readonly Role[] = ['Owner', 'Support'];

/**
 * The role decision of every call of the admin API (issue 20's table):
 * Owner everything; Operator approvals, statuses, trip cancelling and the
 * directory; Support FAQ and coupons; Finance sales, money and the dashboard; every
 * role reads the directory, the trips, the FAQ and coupons, and its own
 * account. A new call fails this test until its roles are decided here.
 */
const DECISIONS: Record<string, readonly Role[] | 'public'> = {
  login: 'public',
  'login-2fa': 'public',
  sendOtp: 'public',
  resendOtp: 'public',
  verifyOTP: 'public',
  newPassword: 'public',
  'invite-accept': 'public',
  logout: EVERY,
  getProfile: EVERY,
  updateProfile: EVERY,
  changePassword: EVERY,
  'session-list': EVERY,
  'session-revoke': EVERY,
  'totp-setup': EVERY,
  'totp-enable': EVERY,
  'totp-disable': EVERY,
  'recovery-codes': EVERY,
  'step-up': EVERY,
  notification: EVERY,
  'notification-read': EVERY,
  'notification-settings': EVERY,
  'notification-settings-update': EVERY,
  'notification-stream-ticket': EVERY,
  // Public to the bearer guard: its single-use ticket is the session (auth-guard.test.ts).
  'notification-stream': 'public',
  dashboard: EVERY,
  'dashboard-trends': EVERY,
  'user-list': EVERY,
  'all-users': EVERY,
  'user-detail': EVERY,
  'driver-list': EVERY,
  'vehicle-list': EVERY,
  'vehicle-detail': EVERY,
  'ride-list': EVERY,
  'ride-detail': EVERY,
  'ride-timeline': EVERY,
  'support-list': EVERY,
  'coupon-list': EVERY,
  lookups: EVERY,
  'status-update': OPERATIONS,
  'approval-user': OPERATIONS,
  'ride-cancel': OPERATIONS,
  'approval-undo': OPERATIONS,
  'review-queue': EVERY,
  'expiring-documents': EVERY,
  'document-update': OPERATIONS,
  'note-list': EVERY,
  'note-add': OPERATIONS,
  'record-history': EVERY,
  // The union of DELETE_ROLES; the table is checked against the role as well (below).
  'delete-data': ['Owner', 'Operator', 'Support'],
  'support-add': CONTENT,
  'support-update': CONTENT,
  'coupon-add': CONTENT,
  'coupon-status': CONTENT,
  'coupon-update': CONTENT,
  transaction: ['Owner', 'Finance'],
  // Money (issue 48): commission rules, a trip's split, balances, statements: Owner and Finance.
  'commission-rule-list': ['Owner', 'Finance'],
  'commission-rule-save': ['Owner', 'Finance'],
  'ride-split': ['Owner', 'Finance'],
  balance: ['Owner', 'Finance'],
  // Payouts (issue 48): bank details and batches move money: Owner and Finance.
  'bank-details-save': ['Owner', 'Finance'],
  'payout-batch-create': ['Owner', 'Finance'],
  'payout-batch-list': ['Owner', 'Finance'],
  'payout-batch-detail': ['Owner', 'Finance'],
  'payout-batch-approve': ['Owner', 'Finance'],
  'payout-batch-export': ['Owner', 'Finance'],
  'payout-batch-mark': ['Owner', 'Finance'],
  statement: ['Owner', 'Finance'],
  // Refunds and adjustments (issue 48): Owner and Finance make and approve them (the maker
  // never approves their own); Operators handle trips, not money. Only an Owner sets the threshold.
  'refund-create': ['Owner', 'Finance'],
  'adjustment-create': ['Owner', 'Finance'],
  'money-approve': ['Owner', 'Finance'],
  // A second Owner or Finance administrator rejects, the maker withdraws (the rest: 403 in the handler).
  'money-reject': ['Owner', 'Finance'],
  'money-withdraw': ['Owner', 'Finance'],
  'money-request-list': ['Owner', 'Finance'],
  'money-settings': ['Owner', 'Finance'],
  'money-settings-save': OWNER,
  'dashboard-money': ['Owner', 'Finance'],
  'admin-list': OWNER,
  'admin-invite': OWNER,
  'admin-update': OWNER,
  'two-factor-policy': OWNER,
  'two-factor-reset': OWNER,
  'audit-log': OWNER,
  // Issue 21: bulk decisions are the single decisions' roles; views and the palette everyone's.
  'bulk-action': OPERATIONS,
  'view-list': EVERY,
  'view-save': EVERY,
  'view-delete': EVERY,
  lookup: EVERY,
  // Issue 44: the integration keys are the Owner's, as the team and the audit log.
  'integration-key-list': OWNER,
  'integration-import': OWNER,
  'integration-key-create': OWNER,
  'integration-key-revoke': OWNER,
  // Issue 44: webhooks aim the server at the outside world and hold its signing secrets.
  'webhook-list': OWNER,
  'webhook-create': OWNER,
  'webhook-update': OWNER,
  'webhook-delete': OWNER,
  'webhook-test': OWNER,
  'webhook-rotate-secret': OWNER,
  'webhook-delivery-list': OWNER,
  'webhook-delivery-attempts': OWNER,
  'webhook-redeliver': OWNER,
  // Live operations (issue 46): what the map shows, every role.
  'live-drivers': EVERY,
  'ride-route': EVERY,
  'live-alerts': EVERY,
  'map-style': EVERY,
  'live-stream': 'public',
  'live-driver': EVERY,
  'live-search': EVERY,
  'live-ride': EVERY,
  'live-trips': EVERY,
  // The case desk (issue 49): Operators and Support work cases, Finance reads them; an Owner
  // sets the deadlines.
  'case-list': EVERY,
  'case-detail': EVERY,
  'case-update': ['Owner', 'Operator', 'Support'],
  'case-deadlines': EVERY,
  'case-deadlines-save': OWNER,
  'driver-rating': EVERY,
  'driver-rating-review': EVERY,
};

const PASSWORD = 'a long enough passphrase';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** One signed-in administrator of each role. */
async function teamOf({ app, database }: Pick<TestApp, 'app' | 'database'>) {
  const team = {} as Record<Role, Awaited<ReturnType<typeof signedIn>>>;
  for (const role of ROLES) {
    const credentials = { email: `${role.toLowerCase()}@cabdesk.test`, password: PASSWORD };
    await createAdmin(database, credentials, role);
    team[role] = await signedIn(app, credentials);
  }
  return team;
}

describe('roles, over every call', () => {
  it('has a role decision for every call of the contract, and each call declares exactly it', () => {
    const apiCalls = ENDPOINTS.filter((e) => !e.path.startsWith('/'));
    const declared = Object.fromEntries(
      apiCalls.map((e) => [e.path, e.public ? 'public' : [...e.roles].sort()]),
    );
    const decided = Object.fromEntries(
      Object.entries(DECISIONS).map(([path, roles]) => [
        path,
        roles === 'public' ? roles : [...roles].sort(),
      ]),
    );
    expect(declared).toEqual(decided);
  });

  it('answers 403 with the role in the message exactly when the role may not make the call, on every route', async () => {
    const { app, database } = await buildTestApp();
    const team = await teamOf({ app, database });
    const routes = app.routeTable.filter(
      (r) => r.url.startsWith(API_BASE) && r.endpoint && !r.endpoint.public,
    );
    // The real table: every guarded call of the contract is served and walked.
    expect(new Set(routes.map((r) => r.endpoint!.path))).toEqual(
      new Set(Object.keys(DECISIONS).filter((path) => DECISIONS[path] !== 'public')),
    );
    const wrong: string[] = [];
    // logout last: it ends the session the walk uses.
    const ordered = [...routes].sort((a, b) =>
      a.endpoint === logout ? 1 : b.endpoint === logout ? -1 : 0,
    );
    for (const route of ordered) {
      const endpoint = route.endpoint!;
      for (const role of ROLES) {
        const res = await team[role].call(endpoint, {});
        const allowed = endpoint.roles.includes(role);
        if (allowed ? res.statusCode === 403 : res.statusCode !== 403) {
          wrong.push(`${role} ${endpoint.path}: ${res.statusCode} ${res.body?.message}`);
        } else if (!allowed) {
          expect(res.body).toEqual({
            status: false,
            message: `Your role (${role}) does not allow this.`,
            data: null,
          });
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets delete-data delete only the tables of the role: people and vehicles Operators, FAQ and coupons Support', async () => {
    const { app, database } = await buildTestApp();
    const team = await teamOf({ app, database });
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const table of DELETABLE_TABLES) {
        // No such record: an allowed role gets as far as looking for it (404).
        const res = await team[role].call(deleteData, { id: 999_999, table });
        const expected = mayDelete(role, table) ? 404 : 403;
        if (res.statusCode !== expected) wrong.push(`${role} ${table}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('reads the role on every request: a role changed takes effect on the next call', async () => {
    const { app, database } = await buildTestApp();
    const team = await teamOf({ app, database });
    const { call } = team.Operator;
    const decision = { id: 999_999, table: 'users', approval: 'Approved' };
    expect((await call(approvalUser, decision)).statusCode).toBe(404);
    await database.db
      .update(admins)
      .set({ role: 'Finance' })
      .where(eq(admins.email, 'operator@cabdesk.test'));
    const refused = await call(approvalUser, decision);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe('Your role (Finance) does not allow this.');
  });

  it('leaves the revenue fields out of the answers of every role but Owner and Finance', async () => {
    const { app, database } = await buildTestApp();
    const team = await teamOf({ app, database });
    const company = await createCompany(database);
    const ride = await createRide(database, { companyId: company.id, amount: '31.50' });
    const seen: Record<string, Record<string, boolean>> = {};
    for (const role of ROLES) {
      const { call } = team[role];
      const figures = (await call(dashboard)).body.data;
      const trends = (await call(dashboardTrends)).body.data;
      const trip = (await call(rideDetail, { ride_id: ride.id })).body.data;
      const account = (await call(userDetail, { user_id: company.id })).body.data;
      seen[role] = {
        overall_revenue: 'overall_revenue' in figures,
        day_revenue: trends.days.some((day: object) => 'revenue' in day),
        transaction: 'transaction' in trip,
        account_revenue: 'today_revenue' in account || 'overall_revenue' in account,
        // The fare stays for everyone: operators answer callers about it.
        fare: trip.amount === 31.5,
      };
    }
    const revenue = {
      overall_revenue: true,
      day_revenue: true,
      transaction: true,
      account_revenue: true,
      fare: true,
    };
    const none = {
      overall_revenue: false,
      day_revenue: false,
      transaction: false,
      account_revenue: false,
      fare: true,
    };
    expect(seen).toEqual({ Owner: revenue, Finance: revenue, Operator: none, Support: none });
  });
});
