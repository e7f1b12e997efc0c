import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import {
  arrayOrPageQuerySchema,
  arrayOrPageSchema,
  idSchema,
  requiredText,
  wholeNumber,
} from './envelope';
import { exportQuery, sortQuery } from './list-query';

const couponSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  coupon_code: z.string(),
  /** Percentage, 1 to 100. */
  discount: z.number().int(),
  description: z.string(),
  /** 1 while the coupon is suspended. */
  suspend_status: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

const PERCENTAGE_MISSING = 'Please enter percentage.';
const PERCENTAGE_RANGE = 'The percentage must be a whole number from 1 to 100.';

export const couponFormSchema = z.object({
  title: requiredText('Please enter title.', 100, 'The title may be at most 100 characters.'),
  // Stored in capitals, as a customer reads it off a flyer: "weekend15" is WEEKEND15.
  coupon_code: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: 'Please enter coupon code.' })
        .min(1, 'Please enter coupon code.')
        .max(30, 'The coupon code may be at most 30 characters.')
        .regex(/^[A-Za-z0-9]+$/, 'The coupon code may contain only letters and digits.'),
    )
    .transform((code) => code.toUpperCase()),
  // The form's numeric input gives '' while empty: blank means missing.
  discount: wholeNumber({
    min: 1,
    max: 100,
    notWhole: (input) =>
      input === undefined || input === null || input === '' ? PERCENTAGE_MISSING : PERCENTAGE_RANGE,
  }),
  description: requiredText(
    'Please enter your description.',
    1000,
    'The description may be at most 1000 characters.',
  ),
});
export type CouponForm = z.input<typeof couponFormSchema>;

/** Saves the suspend toggle of a coupon (SPEC only toggled it locally). */
const couponStatusRequestSchema = z.object({
  coupon_id: idSchema,
  suspend_status: wholeNumber({
    min: 0,
    max: 1,
    notWhole: 'suspend_status must be 0 or 1.',
  }).transform((n) => (n === 1 ? 1 : 0)),
});

export const COUPON_MESSAGES = {
  listed: 'Coupon list fetched successfully.',
  added: 'Coupon added successfully.',
  status: 'Coupon status updated successfully.',
  updated: 'Coupon updated successfully.',
  missing: 'Coupon not found.',
  taken: 'This coupon code already exists.',
} as const;

// ---------------------------------------------------------------- calls

const couponsCalls = area('Coupons', ['Owner', 'Support']);

/** coupon-list sorts by creation (the default, newest first), title, code or percentage. */
export const COUPON_SORTS = ['created_at', 'title', 'coupon_code', 'discount'] as const;

export const couponList = couponsCalls.get('coupon-list', {
  summary: 'Coupons, newest first or sorted: an array (at most 500), or a paged list with `page`.',
  input: arrayOrPageQuerySchema.extend({ ...exportQuery, sort: sortQuery(COUPON_SORTS) }),
  data: arrayOrPageSchema(couponSchema),
  roles: EVERY_ROLE,
  export: 'coupons',
});

export const couponAdd = couponsCalls.post('coupon-add', {
  summary: 'Add a coupon (409 when its code exists, in any case).',
  input: couponFormSchema,
  data: couponSchema,
});

export const couponUpdate = couponsCalls.post('coupon-update', {
  summary:
    'Change the title, code, percentage and description of a coupon (409 when another has the code, in any case).',
  input: couponFormSchema.extend({ coupon_id: idSchema }),
  data: couponSchema,
});

export const couponStatus = couponsCalls.post('coupon-status', {
  summary: 'Suspend a coupon (suspend_status 1) or make it usable again (0).',
  input: couponStatusRequestSchema,
  data: couponSchema,
});
