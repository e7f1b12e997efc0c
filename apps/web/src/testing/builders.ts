import type { getProfile, userList } from '@cabdesk/contract';
import type { WireData } from './api';

/**
 * Test data as the API sends it, typed by the contract, with overrides
 * (epic-stack's builders): `person({ name: 'Ann' })`.
 */

export function me(
  overrides: Partial<WireData<typeof getProfile>> = {},
): WireData<typeof getProfile> {
  return {
    id: 1,
    name: 'Administrator',
    email: 'admin@cabdesk.test',
    phone: '5550000000',
    role: 'Owner',
    two_factor_enabled: false,
    two_factor_setup_required: false,
    ...overrides,
  };
}

type Person = WireData<typeof userList>['data'][number];

export function person(overrides: Partial<Person> = {}): Person {
  const id = overrides.id ?? 1;
  return {
    id,
    user_type: 'User',
    name: `Person ${id}`,
    email: `person${id}@cabdesk.test`,
    phone: '5550000000',
    profile: null,
    gender: null,
    dob: null,
    created_at: '2024-03-05T10:00:00.000Z',
    status: 'Active',
    approval: 'Approved',
    suspend_status: 0,
    company_name: null,
    total_vehicle: 0,
    total_driver: 0,
    driver_rides_count: 0,
    company: null,
    ...overrides,
  };
}

/**
 * The page `page` of a list of `total` rows, `perPage` a page, each row made
 * by `row(n)` from its number in the whole list (1-based).
 */
export function pageOf<T>(row: (n: number) => T, page: number, perPage: number, total: number) {
  const first = (page - 1) * perPage + 1;
  const count = Math.max(0, Math.min(perPage, total - first + 1));
  return {
    data: Array.from({ length: count }, (_, i) => row(first + i)),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    total_exact: true,
  };
}
