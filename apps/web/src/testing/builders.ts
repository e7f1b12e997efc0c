import type { getProfile, rideList, userList } from '@cabdesk/contract';
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
    rating: null,
    rating_count: 0,
    ...overrides,
  };
}

type Ride = WireData<typeof rideList>['data'][number];

/** A completed trip with a passenger, a driver and their vehicle, and no flag. */
export function ride(overrides: Partial<Ride> = {}): Ride {
  const id = overrides.id ?? 1;
  return {
    id,
    amount: 18.4,
    pickup_address: `${id} Harbour Road, Springfield 01`,
    drop_address: `${id} Hill Street, Springfield 02`,
    created_at: '2026-11-20T10:00:00.000Z',
    ride_status: 'Complete',
    user: {
      id: 100 + id,
      name: `Passenger ${id}`,
      phone: '5550000000',
      email: `p${id}@cabdesk.test`,
    },
    driver: {
      id: 200 + id,
      name: `Driver ${id}`,
      phone: '5550000001',
      email: `d${id}@cabdesk.test`,
      vehicle: {
        id: 300 + id,
        license_number: `LWN-${1000 + id}`,
        service_type_data: { title: 'Standard' },
        vehicle_type_data: { title: 'Sedan' },
      },
    },
    company: { id: 400, name: 'Owner', company_name: 'Checker Transport', phone: '5550000002' },
    service_type: { id: 1, title: 'Standard' },
    flags: [],
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
