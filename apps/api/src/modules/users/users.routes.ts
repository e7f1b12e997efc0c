import {
  allUsers,
  DIRECTORY_MESSAGES,
  driverList,
  type Paged,
  userDetail,
  type UserDetail,
  userList,
  type UserListItem,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { findUserDetail, findUserRole, listUsers } from './users.repository';

/** user-list, all-users, driver-list and user-detail (SPEC 7). */
export async function userRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const { url, urls } = app.uploads;
  /** A page of people with signed URLs in place of their stored image paths. */
  const signed = (page: Paged<UserListItem>): Paged<UserListItem> => ({
    ...page,
    data: page.data.map((user) => ({ ...user, profile: url(user.profile) })),
  });

  route(app, userList, async (request) => {
    const { user_type, status, approval, search, from, to, tz, sort, page, per_page } =
      request.query;
    const filter = { role: user_type, status, approval, search, registered: { from, to, tz } };
    return {
      status: true,
      message: DIRECTORY_MESSAGES.usersFetched,
      data: signed(await listUsers(db, filter, { page, per_page }, sort)),
    };
  });

  route(app, allUsers, async (request) => {
    const { status, approval, search, from, to, tz, sort, page, per_page } = request.query;
    const filter = { status, approval, search, registered: { from, to, tz } };
    return {
      status: true,
      message: DIRECTORY_MESSAGES.usersFetched,
      data: signed(await listUsers(db, filter, { page, per_page }, sort)),
    };
  });

  route(app, driverList, async (request) => {
    const { company_id, status, approval, search, from, to, tz, sort, page, per_page } =
      request.query;
    if (company_id !== undefined && (await findUserRole(db, company_id)) !== 'Company') {
      throw new HttpError(404, DIRECTORY_MESSAGES.companyNotFound);
    }
    const filter = { status, approval, search, registered: { from, to, tz } };
    return {
      status: true,
      message: DIRECTORY_MESSAGES.driversFetched,
      data: signed(
        await listUsers(
          db,
          company_id === undefined
            ? { ...filter, role: 'Driver' }
            : { ...filter, companyId: company_id },
          { page, per_page },
          sort,
        ),
      ),
    };
  });

  route(app, userDetail, async (request) => {
    const user = await findUserDetail(db, request.query.user_id);
    if (!user) throw new HttpError(404, DIRECTORY_MESSAGES.userNotFound);
    const data: UserDetail = {
      ...user,
      profile: url(user.profile),
      company_doc: urls(user.company_doc),
      holding_dl: url(user.holding_dl),
      dl_front: url(user.dl_front),
    };
    return { status: true, message: DIRECTORY_MESSAGES.userFetched, data };
  });
}
