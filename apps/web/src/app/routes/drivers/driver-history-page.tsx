import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCurrencyDollar, IconReceipt, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FigureCard } from '@/components/figure-card';
import { PageTitle } from '@/components/page-title';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { RideHistoryTable } from '@/features/rides/components/ride-history-table';
import { useUserDetail } from '@/features/users/api/get-user-detail';
import { formatCount, formatMoney } from '@/lib/format';

/**
 * /driver-history-detail?driver_id=12: one driver's trip history with its
 * totals (ARCHITECTURE: real data, not SPEC's hard-coded sample).
 */
export function DriverHistoryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('driver_id') ?? '';
  const driverId = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const driver = useUserDetail(driverId);

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('pages.driverHistoryDetail')}
        back={
          driverId > 0
            ? { to: `/driver-detail/${driverId}`, label: t('pages.driverDetail') }
            : { to: '/driver', label: t('pages.driver') }
        }
      />
      {driverId === 0 ? (
        <Alert color="yellow" variant="light">
          {t('drivers.chooseDriver')}
        </Alert>
      ) : (
        <QueryState query={driver}>
          {(data) => (
            <>
              <Text c="dimmed">{t('rides.historyOf', { name: data.name })}</Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
                <FigureCard
                  label={t('drivers.totalTrips')}
                  value={formatCount(data.driver_rides_count)}
                  icon={<IconRoute size={22} stroke={1.5} />}
                  color="indigo"
                />
                <FigureCard
                  label={t('drivers.completedTrips')}
                  value={formatCount(data.completed_rides)}
                  icon={<IconCircleCheck size={22} stroke={1.5} />}
                  color="green"
                />
                <FigureCard
                  label={t('companies.todaysRevenue')}
                  value={formatMoney(data.today_revenue)}
                  icon={<IconReceipt size={22} stroke={1.5} />}
                  color="grape"
                />
                <FigureCard
                  label={t('companies.overallRevenue')}
                  value={formatMoney(data.overall_revenue)}
                  icon={<IconCurrencyDollar size={22} stroke={1.5} />}
                  color="teal"
                />
              </SimpleGrid>
              <SectionCard title={t('rides.tripHistory')}>
                <RideHistoryTable userId={data.id} party="user" />
              </SectionCard>
            </>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
