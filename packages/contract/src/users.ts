import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { idSchema, optionalQuery, pagedSchema, pageQuerySchema } from './envelope';
import { documentSchema } from './documents';
import {
  activeStatusSchema,
  approvalSchema,
  decisionFields,
  genderSchema,
  imageUrlSchema,
  int,
  statusReasonSchema,
  userTypeSchema,
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
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/**
 * user-detail: a list item plus documents and figures (SPEC 3).
 * - company_doc: a company's documents (URLs); [] for other roles.
 * - holding_dl, dl_front: a driver's licence photos (URLs) or null.
 * - overall_driver, overall_vehicle: the same figures as total_driver and
 *   total_vehicle (the company detail cards).
 * - completed_rides: how many of this account's rides reached Complete.
 * - today_revenue: amount of this account's completed rides created today (UTC);
 *   overall_revenue: of all its completed rides. Both 0 when none.
 * - approval_reason, approval_decided_at, approval_decided_by: the last
 *   decision (see decisionFields).
 * - status_reason: "Document expired" when the daily check made it Inactive.
 * - documents: a company's or driver's documents with their expiry (see
 *   documents.ts); [] for passengers. The image fields above stay as SPEC has them.
 */
const userDetailSchema = userListItemSchema.extend({
  company_doc: z.array(z.string()),
  holding_dl: imageUrlSchema,
  dl_front: imageUrlSchema,
  overall_driver: int(),
  overall_vehicle: int(),
  completed_rides: int(),
  today_revenue: z.number(),
  overall_revenue: z.number(),
  ...decisionFields,
  status_reason: statusReasonSchema,
  documents: z.array(documentSchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** Filters of the lists of people: blank means "any" (SPEC sends `status=` empty). */
const personFilters = {
  status: optionalQuery(activeStatusSchema),
  approval: optionalQuery(approvalSchema),
};

/** GET user-list: people of one role, newest first. */
const userListQuerySchema = pageQuerySchema.extend({
  user_type: userTypeSchema,
  ...personFilters,
});

/**
 * GET all-users: every marketplace account that is not deleted, of any role
 * (User, Driver, Company), newest first; same items as user-list (`user_type`
 * tells the role). Search and paging like user-list; status and approval filter
 * too.
 */
const allUsersQuerySchema = pageQuerySchema.extend(personFilters);

/** GET user-detail: one account of any role (404 when missing or deleted). */
const userDetailQuerySchema = z.object({ user_id: idSchema });

/**
 * GET driver-list: the drivers of one company, newest first (404 when the
 * company is missing or deleted). Without company_id: every driver, like
 * `user-list?user_type=Driver`.
 */
const driverListQuerySchema = pageQuerySchema.extend({
  company_id: optionalQuery(idSchema),
  ...personFilters,
});

// ---------------------------------------------------------------- calls

const directoryCalls = area('Directory', EVERY_ROLE);

export const userList = directoryCalls.get('user-list', {
  summary: 'People of one role (passengers, drivers or companies), newest first, paged.',
  input: userListQuerySchema,
  data: pagedSchema(userListItemSchema),
});

export const allUsers = directoryCalls.get('all-users', {
  summary: 'Every marketplace account of any role, newest first, paged.',
  input: allUsersQuerySchema,
  data: pagedSchema(userListItemSchema),
});

export const userDetail = directoryCalls.get('user-detail', {
  summary: 'One account of any role with its documents and figures (404 when missing).',
  input: userDetailQuerySchema,
  data: userDetailSchema,
});

export const driverList = directoryCalls.get('driver-list', {
  summary: 'The drivers of one company (or every driver), newest first, paged.',
  input: driverListQuerySchema,
  data: pagedSchema(userListItemSchema),
});
