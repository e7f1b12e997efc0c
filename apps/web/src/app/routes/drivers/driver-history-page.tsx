import { Alert, Text } from '@mantine/core';
import { IconCircleCheck, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DetailScreen } from '@/components/detail-screen';
import { FigureGrid } from '@/components/figure-card';
import { SectionCard } from '@/components/section-card';
import { RideHistoryTable } from '@/features/rides/components/ride-history-table';
import { useUserDetail } from '@/features/users/api/get-user-detail';
import { revenueFigures } from '@/features/users/components/revenue-figures';
import { formatCount } from '@/lib/format';

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
    <DetailScreen
      title={t('pages.driverHistoryDetail')}
      back={
        driverId > 0
          ? { to: `/driver-detail/${driverId}`, label: t('pages.driverDetail') }
          : { to: '/driver', label: t('pages.driver') }
      }
      query={driver}
      missing={
        driverId === 0 ? (
          <Alert color="yellow" variant="light">
            {t('drivers.chooseDriver')}
          </Alert>
        ) : undefined
      }
    >
      {(data) => (
        <>
          <Text c="dimmed">{t('rides.historyOf', { name: data.name })}</Text>
          <FigureGrid
            figures={[
              {
                label: t('drivers.totalTrips'),
                value: formatCount(data.driver_rides_count),
                icon: <IconRoute size={22} stroke={1.5} />,
                color: 'indigo',
              },
              {
                label: t('drivers.completedTrips'),
                value: formatCount(data.completed_rides),
                icon: <IconCircleCheck size={22} stroke={1.5} />,
                color: 'green',
              },
              ...revenueFigures(t, data),
            ]}
          />
          <SectionCard title={t('rides.tripHistory')}>
            <RideHistoryTable userId={data.id} party="user" />
          </SectionCard>
        </>
      )}
    </DetailScreen>
  );
}
