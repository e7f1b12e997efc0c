import { SimpleGrid, Stack, Title } from '@mantine/core';
import { IconBuilding, IconCar, IconCurrencyDollar, IconSteeringWheel } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '@/components/query-state';
import { formatCount, formatMoney } from '@/lib/format';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { useDashboardTrends } from '@/features/dashboard/api/get-dashboard-trends';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { useLiveAlertsSettled } from '@/features/live-alerts/api/get-live-alerts';
import { LiveAlertsPanel } from '@/features/live-alerts/components/live-alerts-panel';
import { useFinanceDashboard, useMoneyRequests } from '@/features/refunds/api/refunds';

/** The charts load after the cards: not on their critical path. */
const TrendsPanel = lazy(() =>
  import('@/features/dashboard/components/trends-panel').then((m) => ({ default: m.TrendsPanel })),
);
/** Finance's figures and chart (Owners and Finance), after the cards too. */
const FinancePanel = lazy(() =>
  import('./finance-panel').then((m) => ({ default: m.FinancePanel })),
);

/**
 * What the parts of the page stand in for while they load, at a desktop's width (the four
 * cards' row; the chart's panel): nothing under them moves when they come (layout shift).
 */
const CARDS_HEIGHT = 126;
const TRENDS_HEIGHT = 472;

/** SPEC 2: Overall Driver, Overall Vehicle, Overall Company, Overall Revenue ($). */
export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const trends = useDashboardTrends();
  const money = useFinanceDashboard();
  const waiting = useMoneyRequests({ status: 'pending', per_page: 1 });
  // The live alerts' list can be long: what is under it comes once it has (no layout shift).
  const alertsSettled = useLiveAlertsSettled();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('dashboard.title')}
      </Title>
      {dashboard.isPending ? (
        <Loading height={CARDS_HEIGHT} />
      ) : dashboard.isError ? (
        <LoadFailed
          title={t('dashboard.loadFailed')}
          error={dashboard.error}
          retry={{ run: dashboard.refetch, running: dashboard.isFetching }}
        />
      ) : (
        // Two to a row on a phone: the four figures take a third of its screen, not all of it.
        <SimpleGrid
          cols={{ base: 2, lg: dashboard.data.overall_revenue === undefined ? 3 : 4 }}
          spacing={{ base: 'sm', sm: 'lg' }}
        >
          <StatCard
            label={t('dashboard.overallDriver')}
            value={formatCount(dashboard.data.overall_driver)}
            icon={<IconSteeringWheel size={22} stroke={1.5} />}
            color="indigo"
          />
          <StatCard
            label={t('dashboard.overallVehicle')}
            value={formatCount(dashboard.data.overall_vehicle)}
            icon={<IconCar size={22} stroke={1.5} />}
            color="cyan"
          />
          <StatCard
            label={t('dashboard.overallCompany')}
            value={formatCount(dashboard.data.overall_company)}
            icon={<IconBuilding size={22} stroke={1.5} />}
            color="grape"
          />
          {/* Revenue reaches only the roles that read it (Owner, Finance). */}
          {dashboard.data.overall_revenue !== undefined && (
            <StatCard
              label={t('dashboard.overallRevenue')}
              value={formatMoney(dashboard.data.overall_revenue)}
              icon={<IconCurrencyDollar size={22} stroke={1.5} />}
              color="teal"
              hint={t('dashboard.revenueHint')}
            />
          )}
        </SimpleGrid>
      )}
      <LiveAlertsPanel />
      {!alertsSettled ? null : trends.isPending ? (
        <Loading height={TRENDS_HEIGHT} />
      ) : trends.isError ? (
        <LoadFailed title={t('dashboard.trendsFailed')} error={trends.error} />
      ) : (
        <Suspense fallback={<Loading height={TRENDS_HEIGHT} />}>
          <TrendsPanel trends={trends.data} />
        </Suspense>
      )}
      {/* Owners and Finance only: the others never ask for it. */}
      {alertsSettled && money.data && (
        <Suspense fallback={<Loading />}>
          <FinancePanel money={money.data} waiting={waiting.data?.total} />
        </Suspense>
      )}
    </Stack>
  );
}
