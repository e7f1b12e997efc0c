import {
  auditLog,
  bankDetailsSave,
  ledgerBalance,
  payoutBatchApprove,
  payoutBatchCreate,
  payoutBatchDetail,
  payoutBatchExport,
  payoutBatchList,
  payoutBatchMark,
  urlOf,
  userDetail,
} from '@cabdesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invalidate, mutationOf, queryOf, queryString } from '@/lib/call';
import { attachmentName, fetchFile, saveFile } from '@/lib/csv-download';

/** The batches, newest first, one page. */
export const usePayoutBatches = (query: { page: number; per_page: number }) =>
  useQuery(queryOf(payoutBatchList, query));

/** One batch with its parties. */
export const usePayoutBatch = (id: number) => useQuery(queryOf(payoutBatchDetail, { id }));

/** A step of a batch: the lists, the batch, the balances it moved and the audit log move. */
const usePayoutChange = <E extends Parameters<typeof mutationOf>[0]>(endpoint: E) =>
  useMutation({
    ...mutationOf(endpoint),
    meta: { successToast: true },
    onSuccess: () =>
      Promise.all([
        invalidate(payoutBatchList),
        invalidate(payoutBatchDetail),
        invalidate(ledgerBalance),
        invalidate(auditLog),
      ]),
  });

export const useDraftBatch = () => usePayoutChange(payoutBatchCreate);
export const useApproveBatch = () => usePayoutChange(payoutBatchApprove);
export const useMarkBatch = () => usePayoutChange(payoutBatchMark);

/** Saves a payee's bank details: its detail page shows them. */
export const useSaveBankDetails = () =>
  useMutation({
    ...mutationOf(bankDetailsSave),
    meta: { successToast: true },
    onSuccess: (_, { user_id }) =>
      Promise.all([invalidate(userDetail, { user_id: Number(user_id) }), invalidate(auditLog)]),
  });

/**
 * Downloads a batch's bank file (CSV or pain.001 XML) under the name the
 * server gives it; throws an ApiError with the server's message when refused.
 */
export async function downloadBankFile(id: number, format: 'csv' | 'pain001') {
  const response = await fetchFile(urlOf(payoutBatchExport) + queryString({ id, format }), '*/*');
  const name = attachmentName(
    response.headers.get('Content-Disposition'),
    `payout-${id}.${format === 'csv' ? 'csv' : 'xml'}`,
  );
  saveFile({ blob: await response.blob(), name });
  await Promise.all([invalidate(payoutBatchList), invalidate(payoutBatchDetail)]);
}
