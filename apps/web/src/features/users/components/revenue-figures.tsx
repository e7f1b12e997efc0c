import type { UserDetail } from '@cabdesk/contract';
import { IconCurrencyDollar, IconReceipt } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { Figure } from '@/components/figure-card';
import { formatMoney } from '@/lib/format';

/** An account's revenue of today and overall (company detail, driver history); none for a role that does not read revenue. */
export function revenueFigures(
  t: TFunction,
  account: Pick<UserDetail, 'today_revenue' | 'overall_revenue'>,
): Figure[] {
  // Revenue reaches only the roles that read it (Owner, Finance).
  if (account.today_revenue === undefined || account.overall_revenue === undefined) return [];
  return [
    {
      label: t('companies.todaysRevenue'),
      value: formatMoney(account.today_revenue),
      icon: <IconReceipt size={22} stroke={1.5} />,
      color: 'grape',
    },
    {
      label: t('companies.overallRevenue'),
      value: formatMoney(account.overall_revenue),
      icon: <IconCurrencyDollar size={22} stroke={1.5} />,
      color: 'teal',
    },
  ];
}
