import type { FilterKind } from '@/hooks/table-url-state';

/** What the sales filter by: days in the administrator's time zone, and the payment method. */
export const SALE_FILTERS = {
  from: 'date',
  to: 'date',
  payment_method: 'text',
} satisfies Record<string, FilterKind>;
