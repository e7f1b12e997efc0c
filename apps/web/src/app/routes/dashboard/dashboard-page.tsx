import { Alert, Button, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconBuilding,
  IconCar,
  IconCurrencyDollar,
  IconSteeringWheel,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/query-state';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { useDashboardTrends } from '@/features/dashboard/api/get-dashboard-trends';
import { StatCard } from '@/features/dashboard/components/stat-card';

/** The charts (recharts, the largest library here) load after the cards: not on their critical path. */
const TrendsPanel = lazy(() =>
  import('@/features/dashboard/components/trends-panel').then((m) => ({ default: m.TrendsPanel })),
);

/** SPEC 2: Overall Driver, Overall Vehicle, Overall Company, Overall Revenue ($). */
export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const trends = useDashboardTrends();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('dashboard.title')}
      </Title>
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title={t('dashboard.loadFailed')}
        >
          <Stack gap="sm" align="flex-start">
            {translateMessage(errorMessage(dashboard.error))}
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => void dashboard.refetch()}
              loading={dashboard.isFetching}
            >
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
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
      {trends.isPending ? (
        <Loading />
      ) : trends.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title={t('dashboard.trendsFailed')}
        >
          {translateMessage(errorMessage(trends.error))}
        </Alert>
      ) : (
        <Suspense fallback={<Loading />}>
          <TrendsPanel trends={trends.data} />
        </Suspense>
      )}
    </Stack>
  );
}
