import {
  DIRECTORY_MESSAGES,
  RIDE_MESSAGES,
  rideCancel,
  mayReadRevenue,
  rideDetail,
  rideList,
  rideTimeline,
  type Ride,
  type UserType,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { moneyCell } from '../../lib/csv';
import { itemBatches, sendCsv, type CsvColumn } from '../../lib/export';
import { route } from '../../lib/route';
import { sessionOf } from '../auth';
import { dayOf } from '../documents';
import {
  cancelRide,
  findRide,
  findRideAccount,
  findRideTimeline,
  listRides,
  exportRides,
  NEWEST,
  type RideAccount,
} from './rides.repository';

/** The columns of the trips' export: what the trip list shows. */
const RIDE_COLUMNS: readonly CsvColumn<Ride>[] = [
  { header: 'Trip ID', cell: (r) => r.id },
  { header: 'Trip date', cell: (r) => r.created_at },
  { header: 'Passenger', cell: (r) => r.user.name },
  { header: 'Passenger phone', cell: (r) => r.user.phone },
  { header: 'Passenger email', cell: (r) => r.user.email },
  { header: 'Driver', cell: (r) => r.driver?.name },
  { header: 'Driver phone', cell: (r) => r.driver?.phone },
  { header: 'Company', cell: (r) => r.company?.company_name ?? r.company?.name },
  { header: 'Pick up', cell: (r) => r.pickup_address },
  { header: 'Drop off', cell: (r) => r.drop_address },
  { header: 'Price', cell: (r) => moneyCell(r.amount) },
  { header: 'Service type', cell: (r) => r.driver?.vehicle?.service_type_data.title },
  { header: 'Vehicle type', cell: (r) => r.driver?.vehicle?.vehicle_type_data.title },
  { header: 'License plate', cell: (r) => r.driver?.vehicle?.license_number },
  { header: 'Status', cell: (r) => r.ride_status },
];

/** ride-list and ride-detail (SPEC 7), and ride-cancel (issue 5). */
export async function rideRoutes(app: FastifyInstance) {
  const { db } = app.database;

  /** The live account of an id filter, or 404 with `missing` when it is not one of `role`. */
  async function accountOf(id: number, role: UserType | null, missing: string) {
    const account = await findRideAccount(db, id);
    if (account === null || (role !== null && account.role !== role)) {
      throw new HttpError(404, missing);
    }
    return account;
  }

  route(app, rideList, async (request, reply) => {
    const q = request.query;
    const accounts: RideAccount[] = [];
    if (q.user_id !== undefined) {
      accounts.push(await accountOf(q.user_id, null, DIRECTORY_MESSAGES.userNotFound));
    }
    if (q.company_id !== undefined) {
      accounts.push(await accountOf(q.company_id, 'Company', DIRECTORY_MESSAGES.companyNotFound));
    }
    if (q.driver_id !== undefined) {
      accounts.push(await accountOf(q.driver_id, 'Driver', DIRECTORY_MESSAGES.driverNotFound));
    }
    const filter = {
      accounts,
      statuses: q.ride_status,
      created: { from: q.from, to: q.to, tz: q.tz },
      serviceTypeId: q.service_type_id,
      minAmount: q.min_amount,
      maxAmount: q.max_amount,
      search: q.search,
    };
    if (q.format === 'csv') {
      return sendCsv(request, reply, app.database, app.clock(), {
        endpoint: rideList,
        columns: RIDE_COLUMNS,
        batches: () =>
          itemBatches(app.database, exportRides(filter, q.sort ?? NEWEST, dayOf(app.clock()))),
      });
    }
    return {
      status: true,
      message: DIRECTORY_MESSAGES.ridesFetched,
      data: await listRides(
        db,
        filter,
        { page: q.page, per_page: q.per_page },
        q.sort ?? NEWEST,
        dayOf(app.clock()),
      ),
    };
  });

  route(app, rideDetail, async (request) => {
    const found = await findRide(db, request.query.ride_id, dayOf(app.clock()));
    if (!found) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
    const { transaction, ...ride } = found;
    return {
      status: true,
      message: RIDE_MESSAGES.rideFetched,
      data: mayReadRevenue(sessionOf(request).role) ? { ...ride, transaction } : ride,
    };
  });

  route(app, rideTimeline, async (request) => {
    const timeline = await findRideTimeline(db, request.query.ride_id);
    if (!timeline) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
    return { status: true, message: RIDE_MESSAGES.timelineFetched, data: timeline };
  });

  route(app, rideCancel, async (request) => {
    const { ride_id, reason } = request.body;
    const ride = await db.transaction(async (tx) => {
      const result = await cancelRide(tx, request, ride_id, reason);
      if (result.kind === 'missing') throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
      if (result.kind === 'not-cancellable') {
        throw new HttpError(409, RIDE_MESSAGES.notCancellable(result.status));
      }
      return findRide(tx, ride_id, dayOf(app.clock()));
    });
    if (!ride) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
    return { status: true, message: RIDE_MESSAGES.rideCancelled, data: ride };
  });
}
