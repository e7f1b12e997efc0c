import type { Transaction } from '@cabdesk/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column, pagedQueryProps } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatDate, formatMoney } from '@/lib/format';
import { useTransactions } from '@/features/sales/api/get-transactions';

/** SPEC 2 Sales: #, Transaction ID, Date, Amount ($), Payment Method; numbering continues across pages. */
export function SalesPage() {
  const { t } = useTranslation();
  const table = useTableUrlState();
  const sales = useTransactions({ page: table.page });

  const columns: Column<Transaction>[] = [
    { key: 'index', header: '#', render: (_, index) => index, width: 64 },
    {
      key: 'transaction_id',
      header: t('sales.transactionId'),
      render: (sale) => (
        <Text ff="monospace" size="sm">
          {sale.transaction_id}
        </Text>
      ),
    },
    { key: 'date', header: t('sales.date'), render: (sale) => formatDate(sale.created_at) },
    {
      key: 'amount',
      header: t('sales.amount'),
      render: (sale) => formatMoney(sale.amount),
      align: 'right',
    },
    {
      key: 'method',
      header: t('sales.paymentMethod'),
      render: (sale) =>
        // The methods the marketplace knows are translated; any other is shown as recorded.
        t(`paymentMethods.${sale.payment_method}`, { defaultValue: sale.payment_method }),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.sales')} />
      <DataTable
        label={t('pages.sales')}
        columns={columns}
        rowKey={(sale) => sale.id}
        {...pagedQueryProps(sales, table.setPage)}
        minWidth={640}
      />
    </Stack>
  );
}
