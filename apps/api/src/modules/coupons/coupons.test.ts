import { COUPON_SORTS, couponAdd, couponList, couponStatus } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, coupons } from '../../db/schema';
import { bearer, buildTestApp, createAdmin, signedIn } from '../../../test/helper';
import { expectSorts, expectUnknownSortRefused } from '../../../test/lists';

const valid = {
  title: 'Weekend',
  coupon_code: 'WEEKEND15',
  discount: 15,
  description: '15% off at weekends',
};

async function setup() {
  const built = await buildTestApp();
  await createAdmin(built.database);
  const { token, call } = await signedIn(built.app);
  const list = async () => (await call(couponList)).body;
  return { ...built, headers: bearer(token), post: call, list };
}

describe('coupons', () => {
  it('adds a coupon (percentage may come as form text) and lists it', async () => {
    const { post, list, database } = await setup();

    const res = await post(couponAdd, {
      ...valid,
      coupon_code: ' WEEKEND15 ',
      discount: '15',
    });

    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'Coupon added successfully.' });
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
    const { post, database } = await setup();
    const res = await post(couponAdd, payload);
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe(false);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await database.db.select().from(coupons)).toHaveLength(0);
  });

  it('refuses a code a live coupon has, in any case, but frees it once deleted', async () => {
    const { post, database } = await setup();
    const first = (await post(couponAdd, valid)).body.data;

    const clash = await post(couponAdd, { ...valid, coupon_code: 'weekend15' });
    expect(clash.statusCode).toBe(409);
    expect(clash.body).toEqual({
      status: false,
      message: 'This coupon code already exists.',
      data: { errors: { coupon_code: 'This coupon code already exists.' } },
    });

    await database.db
      .update(coupons)
      .set({ deletedAt: sql`now()` })
      .where(eq(coupons.id, first.id));
    expect((await post(couponAdd, { ...valid, coupon_code: 'weekend15' })).statusCode).toBe(200);
  });

  it('saves the suspend toggle on the server', async () => {
    const { post, list } = await setup();
    const { id } = (await post(couponAdd, valid)).body.data;

    const res = await post(couponStatus, { coupon_id: id, suspend_status: 1 });

    expect(res.body).toMatchObject({
      status: true,
      message: 'Coupon status updated successfully.',
    });
    expect((await list()).data[0].suspend_status).toBe(1);
    expect((await post(couponStatus, { coupon_id: id, suspend_status: 2 })).statusCode).toBe(400);
    expect((await post(couponStatus, { coupon_id: 424242, suspend_status: 0 })).statusCode).toBe(
      404,
    );
  });

  it('sorts by creation, title, code or percentage (ties by id), in both shapes, live ones only', async () => {
    const { post, database } = await setup();
    const day = (d: string) => new Date(`2024-03-${d}T10:00:00Z`);
    const coupon = (title: string, code: string, discount: number, createdAt: Date) => ({
      title,
      couponCode: code,
      discount,
      description: '-',
      createdAt,
    });
    await database.db
      .insert(coupons)
      .values([
        coupon('weekend', 'b-10', 10, day('01')),
        coupon('Weekend', 'A-20', 20, day('01')),
        coupon('Autumn', 'c-5', 10, day('02')),
        { ...coupon('Aaa gone', 'AAA', 90, day('03')), deletedAt: day('03') },
      ]);

    await expectSorts(post, couponList, {}, COUPON_SORTS);
    await expectUnknownSortRefused(post, couponList, {}, COUPON_SORTS, 'description');

    // SPEC's array (no page) takes the same sort.
    const codes = async (sort: string) =>
      ((await post(couponList, { sort })).body.data as { coupon_code: string }[]).map(
        (c) => c.coupon_code,
      );
    expect(await codes('coupon_code')).toEqual(['A-20', 'b-10', 'c-5']);
    expect(await codes('-discount')).toEqual(['A-20', 'c-5', 'b-10']);
  });
});
