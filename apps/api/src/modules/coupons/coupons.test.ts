import { readFileSync } from 'node:fs';
import { COUPON_SORTS, couponAdd, couponList, couponStatus, couponUpdate } from '@cabdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, coupons, webhookEvents } from '../../db/schema';
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
        coupon('weekend', 'B-10', 10, day('01')),
        coupon('Weekend', 'A-20', 20, day('01')),
        coupon('Autumn', 'C-5', 10, day('02')),
        { ...coupon('Aaa gone', 'AAA', 90, day('03')), deletedAt: day('03') },
      ]);

    await expectSorts(post, couponList, {}, COUPON_SORTS);
    await expectUnknownSortRefused(post, couponList, {}, COUPON_SORTS, 'description');

    // SPEC's array (no page) takes the same sort.
    const codes = async (sort: string) =>
      ((await post(couponList, { sort })).body.data as { coupon_code: string }[]).map(
        (c) => c.coupon_code,
      );
    expect(await codes('coupon_code')).toEqual(['A-20', 'B-10', 'C-5']);
    expect(await codes('-discount')).toEqual(['A-20', 'C-5', 'B-10']);
  });

  it('stores a code in capitals, whatever case it was typed in', async () => {
    const { post, list } = await setup();
    const res = await post(couponAdd, { ...valid, coupon_code: 'weekEnd15' });
    expect(res.body.data.coupon_code).toBe('WEEKEND15');
    expect((await list()).data[0].coupon_code).toBe('WEEKEND15');
  });

  it('edits a coupon: in capitals, audited, coupon.changed in the outbox', async () => {
    const { post, list, database } = await setup();
    const { id } = (await post(couponAdd, valid)).body.data;

    const res = await post(couponUpdate, {
      coupon_id: id,
      title: 'Long weekend',
      coupon_code: 'longweekend20',
      discount: '20',
      description: '20% off on long weekends',
    });

    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: true,
      message: 'Coupon updated successfully.',
      data: { id, coupon_code: 'LONGWEEKEND20', discount: 20, suspend_status: 0 },
    });
    expect((await list()).data).toEqual([
      expect.objectContaining({
        id,
        title: 'Long weekend',
        coupon_code: 'LONGWEEKEND20',
        discount: 20,
        description: '20% off on long weekends',
      }),
    ]);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'coupons'), eq(auditLog.action, 'update')));
    expect(entries).toEqual([
      expect.objectContaining({
        recordId: id,
        before: expect.objectContaining({ coupon_code: 'WEEKEND15', discount: 15 }),
        after: expect.objectContaining({ coupon_code: 'LONGWEEKEND20', discount: 20 }),
      }),
    ]);
    const events = await database.db
      .select({ type: webhookEvents.type, key: webhookEvents.recordKey, data: webhookEvents.data })
      .from(webhookEvents)
      .orderBy(asc(webhookEvents.id));
    expect(events.at(-1)).toEqual({
      type: 'coupon.changed',
      key: `coupons:${id}`,
      data: {
        kind: 'coupon',
        id,
        change: 'updated',
        title: 'Long weekend',
        coupon_code: 'LONGWEEKEND20',
        discount: 20,
        description: '20% off on long weekends',
        suspend_status: 0,
      },
    });
  });

  it('refuses an edit to a code another live coupon has, in any case; its own code may stay', async () => {
    const { post, database } = await setup();
    const { id } = (await post(couponAdd, valid)).body.data;
    await post(couponAdd, { ...valid, coupon_code: 'SUMMER10' });
    const written = async () => ({
      coupons: await database.db.select().from(coupons).orderBy(asc(coupons.id)),
      events: await database.db.$count(webhookEvents),
      audit: await database.db.$count(auditLog),
    });
    const before = await written();

    const clash = await post(couponUpdate, { ...valid, coupon_id: id, coupon_code: 'summer10' });
    expect(clash.statusCode).toBe(409);
    expect(clash.body.data.errors.coupon_code).toBe('This coupon code already exists.');
    const missing = await post(couponUpdate, { ...valid, coupon_id: 424242 });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe('Coupon not found.');
    const bad = await post(couponUpdate, { ...valid, coupon_id: id, discount: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors.discount).toBe(
      'The percentage must be a whole number from 1 to 100.',
    );
    expect(await written()).toEqual(before);

    const same = await post(couponUpdate, {
      ...valid,
      coupon_id: id,
      coupon_code: 'weekend15',
      title: 'Weekend rides',
    });
    expect(same.statusCode).toBe(200);
    expect(same.body.data).toMatchObject({ coupon_code: 'WEEKEND15', title: 'Weekend rides' });
  });

  it('migration 0033 upper-cases the codes already stored, live and deleted, and keeps them so', async () => {
    const { database, list } = await setup();
    const { db } = database;
    // As the table was before 0033: codes in any case.
    await db.execute(sql`alter table coupons drop constraint coupons_code_upper_check`);
    const row = (couponCode: string, deletedAt: Date | null = null) => ({
      title: couponCode,
      couponCode,
      discount: 10,
      description: '-',
      deletedAt,
    });
    await db
      .insert(coupons)
      .values([
        row('weekend15'),
        row('Summer10'),
        row('WEEKEND15', new Date('2024-01-01')),
        row('Weekend15', new Date('2024-02-01')),
      ]);

    const migration = readFileSync(
      new URL('../../db/migrations/0033_coupon_codes.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const stored = await db
      .select({ code: coupons.couponCode, deleted: coupons.deletedAt })
      .from(coupons)
      .orderBy(asc(coupons.id));
    expect(stored.map((c) => c.code)).toEqual(['WEEKEND15', 'SUMMER10', 'WEEKEND15', 'WEEKEND15']);
    expect((await list()).data.map((c: { coupon_code: string }) => c.coupon_code).sort()).toEqual([
      'SUMMER10',
      'WEEKEND15',
    ]);
    // A code written in small letters any other way is refused by the table itself.
    await expect(
      db.update(coupons).set({ couponCode: 'summer10' }).where(eq(coupons.couponCode, 'SUMMER10')),
    ).rejects.toThrow();
  });
});
