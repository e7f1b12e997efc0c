import { z } from 'zod';
import { area, EVERY_ROLE } from './endpoint';
import { arrayOrPageQuerySchema, arrayOrPageSchema, idSchema, requiredText } from './envelope';
import { exportQuery, sortQuery } from './list-query';

/** FAQ entries: `support-*` on the wire (SPEC 7), FAQ everywhere else. */

const faqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;

export const faqFormSchema = z.object({
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
export type FaqForm = z.infer<typeof faqFormSchema>;

export const FAQ_MESSAGES = {
  listed: 'FAQ list fetched successfully.',
  added: 'FAQ added successfully.',
  updated: 'FAQ updated successfully.',
  missing: 'FAQ not found.',
} as const;

// ---------------------------------------------------------------- calls

const faqCalls = area('FAQ', ['Owner', 'Support']);

/** support-list sorts by creation (the default, newest first), last update or question. */
export const FAQ_SORTS = ['created_at', 'updated_at', 'question'] as const;

/**
 * The FAQ entries, newest first or by FAQ_SORTS. SPEC 7 reads `data` as an
 * array, so without `page` it is one (at most UNPAGED_LIST_MAX entries); with
 * `page` (and `per_page`) a paged list.
 */
export const faqList = faqCalls.get('support-list', {
  summary:
    'FAQ entries, newest first or sorted: an array (at most 500), or a paged list with `page`.',
  input: arrayOrPageQuerySchema.extend({ ...exportQuery, sort: sortQuery(FAQ_SORTS) }),
  data: arrayOrPageSchema(faqSchema),
  roles: EVERY_ROLE,
  export: 'faq',
});

export const faqAdd = faqCalls.post('support-add', {
  summary: 'Add an FAQ entry.',
  input: faqFormSchema,
  data: faqSchema,
});

export const faqUpdate = faqCalls.post('support-update', {
  summary: 'Change the question and answer of an FAQ entry.',
  input: faqFormSchema.extend({ support_id: idSchema }),
  data: faqSchema,
});
