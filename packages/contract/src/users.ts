import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema } from './envelope';
import { bankDetailsSchema } from './payouts';
import { documentSchema } from './documents';
import {
  checkDateOrder,
  checkSort,
  dateRangeQuery,
  dependentSortQuery,
  exportQuery,
  sortQuery,
} from './list-query';
import {
  activeStatusSchema,
  approvalSchema,
  decisionFields,
  genderSchema,
  imageUrlSchema,
  int,
  statusReasonSchema,
  userTypeSchema,
  type UserType,
} from './vocabulary';

/** A driver's employer, as shown beside the driver. */
const companyRefSchema = z.object({
  id: int(),
  company_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});

/**
 * One row of user-list, all-users and driver-list, for every role.
 * - total_vehicle, total_driver: a company's live (not deleted) vehicles and
 *   drivers; 0 for other roles.
 * - driver_rides_count: rides of this account in its role (a passenger's
 *   trips, a driver's trips, a company's trips).
 * - company: the employer of a driver; null for other roles or when none.
 * - rating, rating_count: a driver's average rating by passengers (two
 *   decimals) and how many ratings it is of (issue 49); null and 0 for other
 *   roles and for a driver nobody rated.
 */
const userListItemSchema = z.object({
  id: int(),
  user_type: userTypeSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profile: imageUrlSchema,
  gender: genderSchema.nullable(),
  dob: z.string().nullable(),
  created_at: z.string(),
  status: activeStatusSchema,
  approval: approvalSchema,
  suspend_status: int(),
  company_name: z.string().nullable(),
  total_vehicle: int(),
  total_driver: int(),
  driver_rides_count: int(),
  company: companyRefSchema.nullable(),
  rating: z.number().nullable(),
  rating_count: int(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** The vehicle of a driver, as the driver's detail shows and links it. */
const driverVehicleSchema = z.object({
  id: int(),
  license_number: z.string(),
  approval: approvalSchema,
  service_type_data: z.object({ id: int(), title: z.string() }),
  vehicle_type_data: z.object({ id: int(), title: z.string() }),
  brand_name: z.object({ id: int(), name: z.string() }),
  model_name: z.object({ id: int(), name: z.string() }),
});

/**
 * user-detail: a list item plus documents and figures (SPEC 3).
 * - company_doc: a company's documents (URLs); [] for other roles.
 * - holding_dl, dl_front: a driver's licence photos (URLs) or null.
 * - overall_driver, overall_vehicle: the same figures as total_driver and
 *   total_vehicle (the company detail cards).
 * - completed_rides: how many of this account's rides reached Complete.
 * - today_revenue: amount of this account's completed rides created today (UTC);
 *   overall_revenue: of all its completed rides. Both 0 when none; both absent
 *   but for REVENUE_ROLES.
 * - approval_reason, approval_decided_at, approval_decided_by: the last
 *   decision (see decisionFields).
 * - status_reason: "Document expired" when the daily check made it Inactive.
 * - documents: a company's or driver's documents with their expiry (see
 *   documents.ts); [] for passengers. The image fields above stay as SPEC has them.
 * - vehicle: the vehicle a driver drives (vehicle-detail has the rest); null
 *   for other roles, and for a driver with no vehicle or whose vehicle was deleted.
 */
const userDetailSchema = userListItemSchema.extend({
  company_doc: z.array(z.string()),
  holding_dl: imageUrlSchema,
  dl_front: imageUrlSchema,
  overall_driver: int(),
  overall_vehicle: int(),
  completed_rides: int(),
  today_revenue: z.number().optional(),
  overall_revenue: z.number().optional(),
  ...decisionFields,
  status_reason: statusReasonSchema,
  documents: z.array(documentSchema),
  vehicle: driverVehicleSchema.nullable(),
  /**
   * A driver's or company's bank account for payouts (issue 48), the IBAN
   * masked for other roles than Owner and Finance; null when none is saved;
   * absent for passengers.
   */
  bank_details: bankDetailsSchema.nullable().optional(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/**
 * What each role's list sorts by (`sort=name`, `sort=-driver_rides_count`):
 * the registration date, the name, the totals of its rows; a driver's date of
 * birth and average rating, a company's name and fleet. Absent: newest first
 * (`-created_at`). Names sort without regard to case; drivers nobody rated
 * come last both ways (no rating is neither the best nor the worst).
 */
export const PERSON_SORTS = {
  User: ['created_at', 'name', 'driver_rides_count'],
  Driver: ['created_at', 'name', 'dob', 'driver_rides_count', 'rating'],
  Company: [
    'created_at',
    'name',
    'company_name',
    'total_vehicle',
    'total_driver',
    'driver_rides_count',
  ],
} as const;

/** all-users sorts by what every role has. */
export const ALL_USERS_SORTS = ['created_at', 'name'] as const;

export type PersonSort = (typeof PERSON_SORTS)[UserType][number];

export const PASSENGER_APPROVAL_MESSAGE = 'Passengers have no approval: leave approval out.';

/**
 * Filters of the lists of people, each optional (blank means "any": SPEC sends
 * `status=` empty): status, approval, and the registration date range
 * `from`/`to` (days in `tz`, see dateRangeQuery).
 */
const personFilters = {
  status: optionalQuery(activeStatusSchema),
  approval: optionalQuery(approvalSchema),
  ...dateRangeQuery,
};

/**
 * GET user-list: people of one role, newest first unless `sort` says
 * otherwise (PERSON_SORTS of that role). Passengers have no approval:
 * user_type=User with `approval` is 400.
 */
const userListQuerySchema = pageQuerySchema
  .extend({
    ...exportQuery,
    user_type: userTypeSchema,
    sort: dependentSortQuery<PersonSort>(
      `field or -field; by user_type: ${Object.entries(PERSON_SORTS)
        .map(([role, fields]) => `${role} ${fields.join(', ')}`)
        .join('; ')}`,
    ),
    ...personFilters,
  })
  .superRefine((query, ctx) => {
    checkDateOrder(query, ctx);
    checkSort(query.sort, PERSON_SORTS[query.user_type], ctx);
    if (query.user_type === 'User' && query.approval !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['approval'], message: PASSENGER_APPROVAL_MESSAGE });
    }
  });

/**
 * GET all-users: every marketplace account that is not deleted, of any role
 * (User, Driver, Company), newest first (or by ALL_USERS_SORTS); same items as
 * user-list (`user_type` tells the role). Search, paging and filters like
 * user-list.
 */
const allUsersQuerySchema = pageQuerySchema
  .extend({ ...exportQuery, sort: sortQuery(ALL_USERS_SORTS), ...personFilters })
  .superRefine(checkDateOrder);

/** GET user-detail: one account of any role (404 when missing or deleted). */
const userDetailQuerySchema = z.object({ user_id: idSchema });

/**
 * GET driver-list: the drivers of one company, newest first or by the drivers'
 * sorts (404 when the company is missing or deleted). Without company_id:
 * every driver, like `user-list?user_type=Driver`.
 */
const driverListQuerySchema = pageQuerySchema
  .extend({
    ...exportQuery,
    company_id: optionalQuery(idSchema),
    sort: sortQuery(PERSON_SORTS.Driver),
    ...personFilters,
  })
  .superRefine(checkDateOrder);

/**
 * The people a bulk action selects by filter (bulk-action `filter`): the
 * parameters of user-list (`user_type`, here optional: any role), all-users
 * and driver-list (`company_id`: the drivers of that company), without
 * paging and sort. Passengers have no approval.
 */
export const userFilterSchema = pageQuerySchema
  .pick({ search: true })
  .extend({
    user_type: optionalQuery(userTypeSchema),
    company_id: optionalQuery(idSchema),
    ...personFilters,
  })
  .superRefine((query, ctx) => {
    checkDateOrder(query, ctx);
    if (query.user_type === 'User' && query.approval !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['approval'], message: PASSENGER_APPROVAL_MESSAGE });
    }
  });
export type UserFilter = z.output<typeof userFilterSchema>;

// ---------------------------------------------------------------- calls

const directoryCalls = area('Directory', EVERY_ROLE);

export const userList = directoryCalls.get('user-list', {
  summary:
    'People of one role (passengers, drivers or companies), newest first or sorted, filtered, paged.',
  input: userListQuerySchema,
  data: pagedSchema(userListItemSchema),
  export: 'users',
});

export const allUsers = directoryCalls.get('all-users', {
  summary: 'Every marketplace account of any role, newest first or sorted, filtered, paged.',
  input: allUsersQuerySchema,
  data: pagedSchema(userListItemSchema),
  export: 'accounts',
});

export const userDetail = directoryCalls.get('user-detail', {
  summary: 'One account of any role with its documents and figures (404 when missing).',
  input: userDetailQuerySchema,
  data: userDetailSchema,
});

export const driverList = directoryCalls.get('driver-list', {
  summary: 'The drivers of one company (or every driver), newest first or sorted, paged.',
  input: driverListQuerySchema,
  data: pagedSchema(userListItemSchema),
  export: 'drivers',
});
