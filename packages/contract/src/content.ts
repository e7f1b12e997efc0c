import { z } from 'zod';
import { arrayOrPageSchemas, idSchema, requiredText, wholeNumber } from './envelope';

// ---------------------------------------------------------------- FAQ (supports)

export const supportSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Support = z.infer<typeof supportSchema>;

/**
 * GET support-list: the FAQs, newest first. SPEC 7 reads `data` as an array,
 * so without `page` it is one (at most UNPAGED_LIST_MAX entries); with `page`
 * (and `per_page`) a paged list. Query: arrayOrPageQuerySchema.
 */
export const supportListResponseSchemas = arrayOrPageSchemas(supportSchema);

export const supportFormSchema = z.object({
  question: requiredText(
    'Please enter your question.',
    500,
    'The question may be at most 500 characters.',
  ),
  answer: requiredText(
    'Please enter your description.',
    5000,
    'The description may be at most 5000 characters.',
  ),
});
export type SupportForm = z.infer<typeof supportFormSchema>;

export const supportAddRequestSchema = supportFormSchema;
export const supportUpdateRequestSchema = supportFormSchema.extend({ support_id: idSchema });
export type SupportUpdateRequest = z.infer<typeof supportUpdateRequestSchema>;

// ---------------------------------------------------------------- coupons

export const couponSchema = z.object({
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

/** GET coupon-list: the coupons, newest first; an array or a paged list, as support-list. */
export const couponListResponseSchemas = arrayOrPageSchemas(couponSchema);

const PERCENTAGE_MISSING = 'Please enter percentage.';
const PERCENTAGE_RANGE = 'The percentage must be a whole number from 1 to 100.';

export const couponFormSchema = z.object({
  title: requiredText('Please enter title.', 100, 'The title may be at most 100 characters.'),
  coupon_code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Please enter coupon code.' })
      .min(1, 'Please enter coupon code.')
      .max(30, 'The coupon code may be at most 30 characters.')
      .regex(/^[A-Za-z0-9]+$/, 'The coupon code may contain only letters and digits.'),
  ),
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

export const couponAddRequestSchema = couponFormSchema;

/** Saves the suspend toggle of a coupon (SPEC only toggled it locally). */
export const couponStatusRequestSchema = z.object({
  coupon_id: idSchema,
  suspend_status: wholeNumber({
    min: 0,
    max: 1,
    notWhole: 'suspend_status must be 0 or 1.',
  }).transform((n) => (n === 1 ? 1 : 0)),
});

export const CONTENT_MESSAGES = {
  supportListed: 'FAQ list fetched successfully.',
  supportAdded: 'FAQ added successfully.',
  supportUpdated: 'FAQ updated successfully.',
  supportMissing: 'FAQ not found.',
  couponListed: 'Coupon list fetched successfully.',
  couponAdded: 'Coupon added successfully.',
  couponStatus: 'Coupon status updated successfully.',
  couponMissing: 'Coupon not found.',
  couponTaken: 'This coupon code already exists.',
} as const;
