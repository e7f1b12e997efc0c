import { lookups } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceTypes, transactions, vehicleTypes } from '../../db/schema';
import { createRide } from '../../../test/builders';
import { buildTestApp, createAdmin, signedIn } from '../../../test/helper';

describe('lookups', () => {
  it('answers the service types, vehicle types and payment methods the filters offer', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const { call } = await signedIn(app);
    const [comfort, black] = await database.db
      .insert(serviceTypes)
      .values([{ title: 'Comfort' }, { title: 'black' }])
      .returning();
    const [van] = await database.db
      .insert(vehicleTypes)
      .values([{ title: 'Van', seats: 7 }])
      .returning();
    for (const paymentMethod of ['Wallet', 'Card', 'Card', 'apple Pay', 'Gone']) {
      const ride = await createRide(database, { rideStatus: 'Pending' });
      await database.db
        .insert(transactions)
        .values({ transactionId: `T${ride.id}`, rideId: ride.id, amount: '5.00', paymentMethod });
    }
    await database.rows(sql`delete from transactions where payment_method = 'Gone'`);

    const res = await call(lookups);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: 'Lookups fetched successfully.',
      data: {
        service_types: [
          { id: black!.id, title: 'black' },
          { id: comfort!.id, title: 'Comfort' },
        ],
        vehicle_types: [{ id: van!.id, title: 'Van', seats: 7 }],
        payment_methods: ['apple Pay', 'Card', 'Wallet'],
      },
    });
  });
});
