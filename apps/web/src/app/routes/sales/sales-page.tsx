import { TRANSACTION_SORTS, transactionList, type Transaction } from '@cabdesk/contract';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCash, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DataTable,
  DateRangeFilter,
  indexColumn,
  pagedQueryProps,
  type Column,
} from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { FigureCard } from '@/components/figure-card';
import { LookupFilter } from '@/components/lookup-filter';
import { PageTitle } from '@/components/page-title';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatCount, formatMoney } from '@/lib/format';
import { useTransactions } from '@/features/sales/api/get-transactions';
import { SALE_FILTERS } from '@/features/sales/sale-filters';

/**
 * SPEC 2 Sales: #, Transaction ID, Date, Amount ($), Payment Method;
 * numbering continues across pages. Sorted by date or amount, filtered by
 * days and payment method; above the table, how many sales the filters
 * hold and their sum. A transaction opens its trip.
 */
export function SalesPage() {
  const { t } = useTranslation();
  const table = useTableUrlState({
    list: 'sales',
    sorts: TRANSACTION_SORTS,
    filters: SALE_FILTERS,
  });
  const sales = useTransactions(table.query);
  const { filters, setFilter, setFilters } = table;

  const columns: Column<Transaction>[] = [
    indexColumn(64),
    {
      key: 'transaction_id',
      header: t('sales.transactionId'),
      card: 'title',
      render: (sale) => {
        const id = (
          <Text ff="monospace" size="sm" span>
            {sale.transaction_id}
          </Text>
        );
        return sale.ride_id === null ? (
          id
        ) : (
          <Anchor
            component={Link}
            to={`/trip-detail/${sale.ride_id}`}
            aria-label={t('sales.openTrip', { id: sale.transaction_id })}
          >
            {id}
          </Anchor>
        );
      },
    },
    {
      key: 'date',
      header: t('sales.date'),
      render: (sale) => <DateTime value={sale.created_at} />,
      sort: 'created_at',
      sortDescending: true,
    },
    {
      key: 'amount',
      header: t('sales.amount'),
      render: (sale) => formatMoney(sale.amount),
      align: 'right',
      sort: 'amount',
      sortDescending: true,
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
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing={{ base: 'sm', sm: 'lg' }}
        data-testid="sales-totals"
      >
        <FigureCard
          label={t('sales.count')}
          value={sales.data ? formatCount(sales.data.total) : '\u2014'}
          icon={<IconReceipt size={22} stroke={1.5} />}
          color="indigo"
        />
        <FigureCard
          label={t('sales.totalAmount')}
          value={sales.data ? formatMoney(sales.data.total_amount) : '\u2014'}
          icon={<IconCash size={22} stroke={1.5} />}
          color="teal"
        />
      </SimpleGrid>
      <DataTable
        label={t('pages.sales')}
        source={{ endpoint: transactionList, input: table.query }}
        columns={columns}
        rowKey={(sale) => sale.id}
        {...pagedQueryProps(sales)}
        table={table}
        searchable={false}
        noun={(count) => t('nouns.sale', { count })}
        defaultSort="-created_at"
        filters={
          <>
            <DateRangeFilter
              from={filters.from}
              to={filters.to}
              onChange={(changes) => setFilters(changes)}
            />
            <LookupFilter
              kind="payment_methods"
              value={filters.payment_method}
              onChange={(value) => setFilter('payment_method', value)}
            />
          </>
        }
        minWidth={640}
      />
    </Stack>
  );
}
