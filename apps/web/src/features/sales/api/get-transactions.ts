import { transactionList, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** One page of payments, newest first; a new page keeps the rows on screen under the loader. */
export function useTransactions(query: InputOf<typeof transactionList>) {
  return useQuery({ ...queryOf(transactionList, query), placeholderData: keepPreviousData });
}
