import '@mantine/core/styles/Tabs.layer.css';
import { statement, type UserDetail } from '@cabdesk/contract';
import { Anchor, Button, Group, Paper, SimpleGrid, Tabs } from '@mantine/core';
import { IconHistory, IconReportMoney, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ImageZoom } from '@/components/image-zoom';
import { InfoList } from '@/components/info-list';
import { RecordDecisions } from '@/components/record-decisions';
import { DetailScreen } from '@/components/detail-screen';
import { Email, PersonProfile } from '@/components/person-cell';
import { SectionCard } from '@/components/section-card';
import { DriverRatingCard } from '@/features/cases/components/driver-rating-card';
import { useUpdateUserStatus } from '@/features/users/api/update-user-status';
import { RideHistoryTable } from '@/features/rides/components/ride-history-table';
import { useDecideUserApproval } from '@/features/users/api/decide-user-approval';
import { useUserDetail } from '@/features/users/api/get-user-detail';
import { EarningsPanel } from '@/features/statements/components/statement-view';
import { useMay } from '@/hooks/use-may';
import { formatDate } from '@/lib/format';
import { BankDetailsCard } from '@/features/payouts/components/bank-details-card';
import { RecordLog } from '@/features/review/components/record-log';
import { DecisionFacts, DocumentExpiries } from '@/features/review/components/record-review';

function DriverInformation({ driver }: { driver: UserDetail }) {
  const { t } = useTranslation();
  const approval = useDecideUserApproval();
  const statusUpdate = useUpdateUserStatus();
  const company = driver.company;
  return (
    <SectionCard
      title={t('drivers.information')}
      actions={
        <Group gap="md" align="flex-start">
          <RecordDecisions
            kind="driver"
            record={driver}
            name={driver.name}
            statusUpdate={statusUpdate}
            approval={approval}
          />
        </Group>
      }
    >
      <PersonProfile person={driver}>
        <InfoList
          cols={3}
          items={[
            { label: t('users.phone'), value: driver.phone },
            {
              label: t('users.gender'),
              value: driver.gender ? t(`gender.${driver.gender}`) : null,
            },
            { label: t('drivers.dob'), value: driver.dob ? formatDate(driver.dob) : null },
            { label: t('users.email'), value: <Email address={driver.email} /> },
            {
              label: t('drivers.companyName'),
              value: company ? (
                <Anchor component={Link} to={`/company-detail/${company.id}`} size="sm">
                  {company.company_name ?? t('common.na')}
                </Anchor>
              ) : (
                t('common.na')
              ),
            },
            {
              label: t('drivers.companyEmail'),
              value: company ? <Email address={company.email} /> : t('common.na'),
            },
            { label: t('drivers.companyPhone'), value: company?.phone ?? t('common.na') },
            { label: t('users.registrationDate'), value: formatDate(driver.created_at) },
            {
              label: t('drivers.vehicle'),
              value: driver.vehicle ? (
                <Anchor
                  component={Link}
                  to={`/vehicle-detail/${driver.vehicle.id}`}
                  size="sm"
                  data-testid="driver-vehicle"
                >
                  {t('drivers.vehicleOf', {
                    plate: driver.vehicle.license_number,
                    brand: driver.vehicle.brand_name.name,
                    model: driver.vehicle.model_name.name,
                    service: driver.vehicle.service_type_data.title,
                  })}
                </Anchor>
              ) : (
                t('common.na')
              ),
            },
          ]}
        />
      </PersonProfile>
    </SectionCard>
  );
}

/**
 * The driver's trip history and, for Owners and Finance, their Earnings
 * (issue 48): tabs, the one open in the URL (`?tab=earnings`).
 */
function DriverTabs({ driverId }: { driverId: number }) {
  const { t } = useTranslation();
  const may = useMay();
  const [params, setParams] = useSearchParams();
  const withEarnings = may.call(statement);
  const tab = params.get('tab') === 'earnings' && withEarnings ? 'earnings' : 'trips';
  const history = (
    <SectionCard
      title={t('rides.tripHistory')}
      actions={
        <Button
          component={Link}
          to={`/driver-history-detail?driver_id=${driverId}`}
          variant="light"
          leftSection={<IconHistory size={16} />}
        >
          {t('drivers.historySummary')}
        </Button>
      }
    >
      <RideHistoryTable userId={driverId} party="user" />
    </SectionCard>
  );
  if (!withEarnings) return history;
  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          if (value === 'earnings') next.set('tab', 'earnings');
          else next.delete('tab');
          return next;
        })
      }
      keepMounted={false}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="trips" leftSection={<IconRoute size={16} />}>
          {t('rides.tripHistory')}
        </Tabs.Tab>
        <Tabs.Tab value="earnings" leftSection={<IconReportMoney size={16} />}>
          {t('statements.earnings')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="trips">{history}</Tabs.Panel>
      <Tabs.Panel value="earnings">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <EarningsPanel party={{ kind: 'driver', id: driverId }} />
        </Paper>
      </Tabs.Panel>
    </Tabs>
  );
}

/** SPEC 2 Driver detail: information, licence documents, approval, trip history and earnings. */
export function DriverDetailPage() {
  const { t } = useTranslation();
  const driver = useUserDetail(Number(useParams().id));

  return (
    <DetailScreen
      title={t('pages.driverDetail')}
      back={{ to: '/driver', label: t('pages.driver') }}
      query={driver}
    >
      {(data) => (
        <>
          <DriverInformation driver={data} />
          <DecisionFacts record={data} />
          <DriverRatingCard driverId={data.id} />
          <SectionCard title={t('drivers.documents')}>
            <DocumentExpiries
              table="users"
              id={data.id}
              documents={data.documents}
              statusReason={data.status_reason}
            />
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              <ImageZoom src={data.holding_dl} label={t('drivers.holdingLicence')} of={data.name} />
              <ImageZoom src={data.dl_front} label={t('drivers.licenceFront')} of={data.name} />
            </SimpleGrid>
          </SectionCard>
          <DriverTabs driverId={data.id} />
          <BankDetailsCard userId={data.id} details={data.bank_details} />
          <RecordLog table="users" id={data.id} />
        </>
      )}
    </DetailScreen>
  );
}
