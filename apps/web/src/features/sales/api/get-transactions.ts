import {
  paths,
  transactionListResponseSchema,
  type transactionQuerySchema,
} from '@cabdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

type TransactionQuery = Partial<z.infer<typeof transactionQuerySchema>>;

/** GET transaction: one page of payments, newest first. */
export async function getTransactions(query: TransactionQuery, signal?: AbortSignal) {
  const response = await api.get(paths.transaction, { ...query }, { signal });
  return transactionListResponseSchema.parse(response).data;
}

export const transactionsQueryOptions = (query: TransactionQuery) =>
  queryOptions({
    queryKey: [paths.transaction, query],
    queryFn: ({ signal }) => getTransactions(query, signal),
    // A new page keeps the rows on screen under the loader.
    placeholderData: keepPreviousData,
  });

export function useTransactions(query: TransactionQuery) {
  return useQuery(transactionsQueryOptions(query));
}
