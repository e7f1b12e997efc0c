import { driverList, userDetail, userList, type Paged, type UserListItem } from '@cabdesk/contract';
import type { FilterOption } from '@/components/data-table';
import { queryOf } from '@/lib/call';
import { companyName } from '../company-name';

/** How many matches a record filter offers at once. */
const OPTIONS = 20;

/** A company by its trading name, anyone else by their name. */
const optionOf = (person: UserListItem): FilterOption => ({
  value: String(person.id),
  label: person.user_type === 'Company' ? companyName(person) : person.name,
});

const optionsOf = (page: Paged<UserListItem>) => page.data.map(optionOf);

/** Companies whose name, e-mail or phone matches, by name: the options of a company filter. */
export const companyOptions = (search: string) => ({
  ...queryOf(userList, {
    user_type: 'Company',
    search: search || undefined,
    sort: 'company_name',
    per_page: OPTIONS,
  }),
  select: optionsOf,
});

/** Drivers whose name, e-mail or phone matches, by name: the options of a driver filter. */
export const driverOptions = (search: string) => ({
  ...queryOf(driverList, { search: search || undefined, sort: 'name', per_page: OPTIONS }),
  select: optionsOf,
});

/** The company or driver a filter holds, as its option (its name). */
export const chosenOption = (id: number) => ({
  ...queryOf(userDetail, { user_id: id }),
  select: (person: UserListItem) => [optionOf(person)],
});
