import {
  financeDashboard,
  getProfile,
  moneyApprove,
  moneyReject,
  moneyRequestList,
  moneySettings,
  moneySettingsSave,
  moneyWithdraw,
  refundCreate,
  rideSplit,
  type InputOf,
} from '@cabdesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMay } from '@/hooks/use-may';
import { invalidate, mutationOf, queryOf } from '@/lib/call';

/** A completed trip's split, for the roles that read money (none asked for otherwise). */
export function useRideSplit(rideId: number, completed: boolean) {
  const may = useMay().call(rideSplit);
  return useQuery({ ...queryOf(rideSplit, { ride_id: rideId }), enabled: may && completed });
}

/** Refunds and adjustments: a trip's, or what waits. */
export function useMoneyRequests(query: InputOf<typeof moneyRequestList>, enabled = true) {
  const may = useMay().call(moneyRequestList);
  return useQuery({ ...queryOf(moneyRequestList, query), enabled: may && enabled });
}

/** The approval threshold (above it, a second administrator approves). */
export function useMoneySettings(enabled = true) {
  const may = useMay().call(moneySettings);
  return useQuery({ ...queryOf(moneySettings), enabled: may && enabled });
}

/** Finance's dashboard, for the roles that may read it. */
export function useFinanceDashboard() {
  const may = useMay().call(financeDashboard);
  return useQuery({ ...queryOf(financeDashboard), enabled: may });
}

/** The signed-in administrator's id: the maker of a request cannot approve it. */
export function useMyId() {
  return useQuery(queryOf(getProfile)).data?.id;
}

/** What a refund or an approval changes: the lists of requests, the split's balances, the dashboard. */
const refreshMoney = () =>
  Promise.all([invalidate(moneyRequestList), invalidate(financeDashboard)]);

/** Refunds a trip; the server's message (approved, or waiting) is the toast. */
export function useRefundCreate() {
  return useMutation({
    ...mutationOf(refundCreate),
    meta: { successToast: true },
    onSuccess: refreshMoney,
  });
}

/** A second administrator approves a waiting refund or adjustment. */
export function useMoneyApprove() {
  return useMutation({
    ...mutationOf(moneyApprove),
    meta: { successToast: true },
    onSettled: refreshMoney,
  });
}

/** A second administrator rejects a waiting refund or adjustment, with a reason. */
export function useMoneyReject() {
  return useMutation({
    ...mutationOf(moneyReject),
    meta: { successToast: true },
    onSettled: refreshMoney,
  });
}

/** The maker of a waiting refund or adjustment withdraws it. */
export function useMoneyWithdraw() {
  return useMutation({
    ...mutationOf(moneyWithdraw),
    meta: { successToast: true },
    onSettled: refreshMoney,
  });
}

/** An Owner sets the approval threshold. */
export function useMoneySettingsSave() {
  return useMutation({
    ...mutationOf(moneySettingsSave),
    meta: { successToast: true },
    onSuccess: () => invalidate(moneySettings),
  });
}
