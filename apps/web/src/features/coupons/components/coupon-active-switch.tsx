import { couponStatus, type Coupon } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '@/components/active-switch';
import { useUpdateCouponStatus } from '../api/update-coupon-status';

/**
 * A coupon's suspend_status as every other Active switch shows a status: on
 * (teal) while customers may use it, off while suspended; saved on the server.
 */
export function CouponActiveSwitch({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  const status = useUpdateCouponStatus();
  return (
    <ActiveSwitch
      status={coupon.suspend_status === 1 ? 'Inactive' : 'Active'}
      name={coupon.coupon_code}
      words={{
        toggle: t('coupons.activeName', { code: coupon.coupon_code }),
        activate: t('coupons.activateConfirm', { code: coupon.coupon_code }),
        deactivate: t('coupons.suspendConfirm', { code: coupon.coupon_code }),
      }}
      endpoint={couponStatus}
      withReason={false}
      pending={status.isPending}
      onChange={(next) =>
        status.mutateAsync({ coupon_id: coupon.id, suspend_status: next === 'Active' ? 0 : 1 })
      }
    />
  );
}
