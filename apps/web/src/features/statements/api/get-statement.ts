import { ledgerBalance, statement, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** A party's statement for a period with one page of its lines; a new page keeps the last on screen. */
export function useStatement(query: InputOf<typeof statement>, enabled = true) {
  return useQuery({ ...queryOf(statement, query), placeholderData: keepPreviousData, enabled });
}

/** A company's or a driver's balance now. */
export function useBalance(query: InputOf<typeof ledgerBalance>, enabled = true) {
  return useQuery({ ...queryOf(ledgerBalance, query), enabled });
}
