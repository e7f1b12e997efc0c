import { deleteDataResponseSchema, paths, type DeleteDataBody } from '@cabdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';
import { couponListKey } from './get-coupons';

/** POST delete-data {id, table: coupons}: the coupon leaves the list (soft delete). */
export async function deleteCoupon(id: number) {
  const body: DeleteDataBody = { id, table: 'coupons' };
  const response = await api.post(paths.deleteData, body);
  return deleteDataResponseSchema.parse(response);
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: (response) => {
      toastSuccess(translateMessage(response.message));
      return queryClient.invalidateQueries({ queryKey: couponListKey });
    },
    onError: (error) => toastError(translateMessage(errorMessage(error))),
  });
}
