import { couponStatus, type Coupon } from '@cabdesk/contract';
import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMay } from '@/hooks/use-may';
import { useUpdateCouponStatus } from '../api/update-coupon-status';

/**
 * On while the coupon is suspended; saved on the server (ARCHITECTURE departure).
 * "On" looks the same as on every other switch (the Active ones).
 */
export function SuspendSwitch({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  const status = useUpdateCouponStatus();
  const allowed = useMay().call(couponStatus);
  return (
    <Switch
      checked={coupon.suspend_status === 1}
      onChange={(event) =>
        status.mutate({
          coupon_id: coupon.id,
          suspend_status: event.currentTarget.checked ? 1 : 0,
        })
      }
      disabled={status.isPending || !allowed}
      color="teal"
      aria-label={t('coupons.suspendName', { code: coupon.coupon_code })}
      data-testid="suspend-switch"
    />
  );
}
