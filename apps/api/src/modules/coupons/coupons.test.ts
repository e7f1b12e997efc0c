import { couponAdd, couponList, couponStatus, urlOf } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, coupons } from '../../db/schema';
import { api, bearer, buildTestApp, createAdmin, signIn } from '../../../test/helper';

const valid = {
  title: 'Weekend',
  coupon_code: 'WEEKEND15',
  discount: 15,
  description: '15% off at weekends',
};

async function signedIn() {
  const setup = await buildTestApp();
  await createAdmin(setup.database);
  const headers = bearer(await signIn(setup.app));
  const post = (path: string, payload: object) =>
    setup.app.inject({ method: 'POST', url: api(path), headers, payload });
  const list = async () => (await setup.app.inject({ url: urlOf(couponList), headers })).json();
  return { ...setup, post, list };
}

describe('coupons', () => {
  it('adds a coupon (percentage may come as form text) and lists it', async () => {
    const { post, list, database } = await signedIn();

    const res = await post(couponAdd.path, {
      ...valid,
      coupon_code: ' WEEKEND15 ',
      discount: '15',
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: 'Coupon added successfully.' });
    const body = await list();
    expect(body.data).toEqual([
      expect.objectContaining({
        title: 'Weekend',
        coupon_code: 'WEEKEND15',
        discount: 15,
        description: '15% off at weekends',
        suspend_status: 0,
      }),
    ]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tableName, 'coupons'));
    expect(entry).toMatchObject({ action: 'create', after: { coupon_code: 'WEEKEND15' } });
  });

  it.each([
    [{ ...valid, title: '' }, 'title', 'Please enter title.'],
    [{ ...valid, coupon_code: undefined }, 'coupon_code', 'Please enter coupon code.'],
    [
      { ...valid, coupon_code: 'SAVE 10' },
      'coupon_code',
      'The coupon code may contain only letters and digits.',
    ],
    [
      { ...valid, coupon_code: "X'; drop table coupons;--" },
      'coupon_code',
      'The coupon code may contain only letters and digits.',
    ],
    [{ ...valid, discount: '' }, 'discount', 'Please enter percentage.'],
    [{ ...valid, discount: undefined }, 'discount', 'Please enter percentage.'],
    [{ ...valid, discount: 0 }, 'discount', 'The percentage must be a whole number from 1 to 100.'],
    [
      { ...valid, discount: 101 },
      'discount',
      'The percentage must be a whole number from 1 to 100.',
    ],
    [
      { ...valid, discount: 12.5 },
      'discount',
      'The percentage must be a whole number from 1 to 100.',
    ],
    [
      { ...valid, discount: 'ten' },
      'discount',
      'The percentage must be a whole number from 1 to 100.',
    ],
    [{ ...valid, description: ' ' }, 'description', 'Please enter your description.'],
  ])('refuses %j and stores nothing', async (payload, field, message) => {
    const { post, database } = await signedIn();
    const res = await post(couponAdd.path, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
    expect(res.json().data.errors[field]).toBe(message);
    expect(await database.db.select().from(coupons)).toHaveLength(0);
  });

  it('refuses a code a live coupon has, in any case, but frees it once deleted', async () => {
    const { post, database } = await signedIn();
    const first = (await post(couponAdd.path, valid)).json().data;

    const clash = await post(couponAdd.path, { ...valid, coupon_code: 'weekend15' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      status: false,
      message: 'This coupon code already exists.',
      data: { errors: { coupon_code: 'This coupon code already exists.' } },
    });

    await database.db
      .update(coupons)
      .set({ deletedAt: sql`now()` })
      .where(eq(coupons.id, first.id));
    expect((await post(couponAdd.path, { ...valid, coupon_code: 'weekend15' })).statusCode).toBe(
      200,
    );
  });

  it('saves the suspend toggle on the server', async () => {
    const { post, list } = await signedIn();
    const { id } = (await post(couponAdd.path, valid)).json().data;

    const res = await post(couponStatus.path, { coupon_id: id, suspend_status: 1 });

    expect(res.json()).toMatchObject({
      status: true,
      message: 'Coupon status updated successfully.',
    });
    expect((await list()).data[0].suspend_status).toBe(1);
    expect((await post(couponStatus.path, { coupon_id: id, suspend_status: 2 })).statusCode).toBe(
      400,
    );
    expect(
      (await post(couponStatus.path, { coupon_id: 424242, suspend_status: 0 })).statusCode,
    ).toBe(404);
  });
});
