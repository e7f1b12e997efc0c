import {
  allUsers,
  DIRECTORY_MESSAGES,
  driverList,
  type Paged,
  mayReadRevenue,
  mayReadBankDetails,
  userDetail,
  type UserDetail,
  userList,
  type UserListItem,
} from '@cabdesk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { itemBatches, sendCsv, type CsvColumn } from '../../lib/export';
import { route, type EndpointRequest } from '../../lib/route';
import { sessionOf } from '../auth';
import { documentsOf, kindOfRole } from '../documents';
import { bankDetailsOf } from '../money';
import {
  exportUsers,
  findUserDetail,
  findUserRole,
  listUsers,
  type UserFilter,
  userFilterOf,
} from './users.repository';

/** The columns of the people's exports: what the user, driver and company lists show. */
const USER_COLUMNS: readonly CsvColumn<UserListItem>[] = [
  { header: 'ID', cell: (u) => u.id },
  { header: 'Role', cell: (u) => u.user_type },
  { header: 'Name', cell: (u) => u.name },
  { header: 'Company name', cell: (u) => u.company_name },
  { header: 'Phone', cell: (u) => u.phone },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Registration date', cell: (u) => u.created_at },
  { header: 'Status', cell: (u) => u.status },
  { header: 'Approval', cell: (u) => u.approval },
  { header: 'Total vehicles', cell: (u) => u.total_vehicle },
  { header: 'Total drivers', cell: (u) => u.total_driver },
  { header: 'Trips', cell: (u) => u.driver_rides_count },
  { header: 'Company', cell: (u) => u.company?.company_name },
];

type PeopleList = typeof userList | typeof allUsers | typeof driverList;

/** user-list, all-users, driver-list and user-detail (SPEC 7). */
export async function userRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const { url, urls } = app.uploads;
  /** A page of people with signed URLs in place of their stored image paths. */
  const signed = (page: Paged<UserListItem>): Paged<UserListItem> => ({
    ...page,
    data: page.data.map((user) => ({ ...user, profile: url(user.profile) })),
  });

  /**
   * A page of the people `filter` keeps, with signed URLs; with format=csv,
   * every one of them in `sort`'s order as the list's export.
   */
  const people = async (
    request: EndpointRequest<PeopleList>,
    reply: FastifyReply,
    endpoint: PeopleList,
    filter: UserFilter,
    message: string,
  ) => {
    const { sort, page, per_page, format } = request.query;
    if (format === 'csv') {
      return sendCsv(request, reply, app.database, app.clock(), {
        endpoint,
        columns: USER_COLUMNS,
        batches: () => itemBatches(app.database, exportUsers(filter, sort)),
      });
    }
    const data = signed(await listUsers(db, filter, { page, per_page }, sort));
    return { status: true as const, message, data };
  };

  for (const endpoint of [userList, allUsers]) {
    route(app, endpoint, (request, reply) =>
      people(
        request,
        reply,
        endpoint,
        userFilterOf(request.query),
        DIRECTORY_MESSAGES.usersFetched,
      ),
    );
  }

  route(app, driverList, async (request, reply) => {
    const { company_id } = request.query;
    if (company_id !== undefined && (await findUserRole(db, company_id)) !== 'Company') {
      throw new HttpError(404, DIRECTORY_MESSAGES.companyNotFound);
    }
    // A company's drivers by company; otherwise every driver.
    const base = userFilterOf(request.query);
    const filter: UserFilter = company_id === undefined ? { ...base, role: 'Driver' } : base;
    return people(request, reply, driverList, filter, DIRECTORY_MESSAGES.driversFetched);
  });

  route(app, userDetail, async (request) => {
    const found = await findUserDetail(db, request.query.user_id);
    if (!found) throw new HttpError(404, DIRECTORY_MESSAGES.userNotFound);
    const { expiries, today_revenue, overall_revenue, ...user } = found;
    const { role } = sessionOf(request);
    const payee = user.user_type === 'Driver' || user.user_type === 'Company';
    const data: UserDetail = {
      ...user,
      ...(mayReadRevenue(role) ? { today_revenue, overall_revenue } : {}),
      ...(payee
        ? { bank_details: await bankDetailsOf(db, user.id, mayReadBankDetails(role)) }
        : {}),
      profile: url(user.profile),
      company_doc: urls(user.company_doc),
      holding_dl: url(user.holding_dl),
      dl_front: url(user.dl_front),
      documents: documentsOf(kindOfRole(user.user_type), user, expiries, url),
    };
    return { status: true, message: DIRECTORY_MESSAGES.userFetched, data };
  });
}
