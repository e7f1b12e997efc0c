import {
  COUPON_SORTS,
  couponAdd,
  couponList,
  couponStatus,
  couponUpdate,
  type Coupon,
} from '@cabdesk/contract';
import { Button, Code, Stack, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, indexColumn, pagedQueryProps, type Column } from '@/components/data-table';
import { EditDeleteActions } from '@/components/edit-delete-actions';
import { PageTitle } from '@/components/page-title';
import { useFormPopup } from '@/hooks/use-form-popup';
import { useMay } from '@/hooks/use-may';
import { useRowDelete } from '@/hooks/use-row-delete';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { queryKeyOf } from '@/lib/call';
import { useDeleteCoupon } from '@/features/coupons/api/delete-coupon';
import { useCoupons } from '@/features/coupons/api/get-coupons';
import { CouponFormModal } from '@/features/coupons/components/coupon-form-modal';
import { CouponActiveSwitch } from '@/features/coupons/components/coupon-active-switch';

/** SPEC 2 Coupon: "Coupon List" with add, edit, the active (suspend) switch and delete, a page at a time. */
export function CouponPage() {
  const { t } = useTranslation();
  const table = useTableUrlState({ list: 'coupons', sorts: COUPON_SORTS });
  const coupons = useCoupons(table.query);
  const deleteCoupon = useDeleteCoupon();
  const may = useMay();
  // A toggle already shows its new state: the list's refresh after it runs quietly.
  const toggling = useIsMutating({ mutationKey: queryKeyOf(couponStatus) }) > 0;
  const form = useFormPopup<Coupon>();
  const rowDelete = useRowDelete<Coupon>(deleteCoupon);

  const columns: Column<Coupon>[] = [
    indexColumn(),
    {
      key: 'detail',
      header: t('coupons.detail'),
      sort: 'title',
      card: 'title',
      render: (coupon) => (
        <Stack gap={4} maw={520}>
          {/* dir="auto": an entry reads in its own direction on an Arabic page. */}
          <Text fw={600} size="sm" dir="auto">
            {coupon.title}
          </Text>
          <Text size="sm" c="dimmed" dir="auto">
            {coupon.description}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'code',
      header: t('coupons.code'),
      render: (coupon) => <Code fz="sm">{coupon.coupon_code}</Code>,
      sort: 'coupon_code',
    },
    {
      key: 'percentage',
      header: t('coupons.percentageColumn'),
      render: (coupon) => `${coupon.discount}%`,
      width: 120,
      sort: 'discount',
      sortDescending: true,
    },
    {
      key: 'active',
      header: t('coupons.active'),
      render: (coupon) => <CouponActiveSwitch coupon={coupon} />,
      width: 110,
    },
    {
      key: 'action',
      header: t('coupons.action'),
      width: 110,
      card: 'actions',
      render: (coupon) => (
        <EditDeleteActions
          edit={
            may.call(couponUpdate)
              ? {
                  tooltip: t('coupons.edit'),
                  label: t('coupons.editName', { code: coupon.coupon_code }),
                  onClick: () => form.open(coupon),
                }
              : undefined
          }
          remove={
            deleteCoupon.allowed
              ? {
                  tooltip: t('coupons.delete'),
                  label: t('coupons.deleteName', { code: coupon.coupon_code }),
                  onClick: rowDelete.ask(coupon),
                }
              : undefined
          }
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('pages.coupon')}
        actions={
          may.call(couponAdd) ? (
            <Button onClick={() => form.open()}>{t('coupons.add')}</Button>
          ) : null
        }
      />
      <DataTable
        label={t('pages.coupon')}
        source={{ endpoint: couponList, input: table.query }}
        columns={columns}
        rowKey={(coupon) => coupon.id}
        {...pagedQueryProps(coupons)}
        table={table}
        searchable={false}
        noun={(count) => t('nouns.coupon', { count })}
        loading={coupons.isFetching && !toggling}
        minWidth={820}
      />
      <CouponFormModal
        opened={form.opened}
        coupon={form.record}
        formKey={form.key}
        onClose={form.close}
      />
      <ConfirmDialog
        {...rowDelete.dialog}
        title={t('coupons.deleteTitle')}
        message={t('coupons.deleteConfirm')}
        confirmLabel={t('coupons.confirmDelete')}
        cancelLabel={t('coupons.cancel')}
        color="red"
      />
    </Stack>
  );
}
