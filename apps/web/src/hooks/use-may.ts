import {
  getProfile,
  mayExport,
  mayCall,
  mayDelete,
  type AnyEndpoint,
  type DeletableTable,
} from '@cabdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/**
 * What the signed-in administrator's role may do, from the same table the
 * server enforces (each endpoint's `roles`): the app offers nothing else.
 * Nothing is offered until the profile (and with it the role) has loaded.
 */
export function useMay() {
  const { data: me } = useQuery(queryOf(getProfile));
  return {
    /** Whether the role may make this call. */
    call: (endpoint: AnyEndpoint) => (me ? mayCall(me.role, endpoint) : false),
    /** Whether the role may delete records of this table (delete-data). */
    delete: (table: DeletableTable) => (me ? mayDelete(me.role, table) : false),
    /** Whether the role may export this list (`format=csv`). */
    export: (endpoint: AnyEndpoint) => (me ? mayExport(me.role, endpoint) : false),
  };
}
