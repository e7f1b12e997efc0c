import { z } from 'zod';
import { area, EVERY_ROLE, mayCall, type Role } from './endpoint';
import { transactionList } from './sales';
import { int } from './vocabulary';

/**
 * GET lookup?q=: the command palette's search. `q` (2 to 100 characters)
 * matches a passenger's, driver's or company's name, phone or e-mail, a
 * vehicle's licence plate, a trip id, a sale's transaction id. At most
 * LOOKUP_HITS_PER_KIND hits of each kind, each with a label to show, a hint
 * (e-mail, company, status...) and the web route that opens it. Kinds the
 * role may not read are left out (sales for Operator and Support).
 */
export const LOOKUP_KINDS = ['passenger', 'driver', 'company', 'vehicle', 'trip', 'sale'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];
export const LOOKUP_HITS_PER_KIND = 10;

export const RECORD_LOOKUP_MESSAGES = {
  q: 'q must be 2 to 100 characters.',
  found: 'Lookup done.',
} as const;

/** Whether an administrator of `role` sees hits of `kind` (those of a list the role reads). */
export const mayLookUp = (role: Role, kind: LookupKind) =>
  kind !== 'sale' || mayCall(role, transactionList);

const lookupHitSchema = z.object({
  kind: z.enum(LOOKUP_KINDS),
  id: int(),
  label: z.string(),
  hint: z.string().optional(),
  /**
   * The web path to open: `/user-detail/5`, `/driver-detail/7`,
   * `/company-detail/3`, `/vehicle-detail/9`, `/trip-detail/11`; a sale opens
   * its trip, or `/sales?search=<transaction_id>` when it has none.
   */
  route: z.string(),
});
export type LookupHit = z.infer<typeof lookupHitSchema>;

export const recordLookup = area('Command palette', EVERY_ROLE).get('lookup', {
  summary:
    'Find passengers, drivers, companies, vehicles, trips and sales by name, phone, e-mail, plate or id.',
  input: z.object({
    q: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: RECORD_LOOKUP_MESSAGES.q })
        .min(2, RECORD_LOOKUP_MESSAGES.q)
        .max(100, RECORD_LOOKUP_MESSAGES.q),
    ),
  }),
  data: z.array(lookupHitSchema),
});
