import { PERSON_SORTS } from '@cabdesk/contract';
import { PERSON_FILTERS, personTable } from '@/hooks/use-person-table-state';

/**
 * The directory lists' URL state (page size remembered by list, sorts,
 * filters): their screens read it, and their routes start the screens'
 * calls from it (app/screen-calls.ts).
 */
export const USER_TABLE = personTable({ list: 'users', sorts: PERSON_SORTS.User, approval: false });
export const COMPANY_TABLE = personTable({ list: 'companies', sorts: PERSON_SORTS.Company });
/** A driver's filters: a person's, and the company they drive for. */
export const DRIVER_TABLE = {
  list: 'drivers',
  sorts: PERSON_SORTS.Driver,
  filters: { ...PERSON_FILTERS, company_id: 'id' } as const,
};
