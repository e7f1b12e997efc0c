import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailScreen } from '@/components/detail-screen';
import { InfoList } from '@/components/info-list';
import { Email, PersonProfile } from '@/components/person-cell';
import { SectionCard } from '@/components/section-card';
import { StatusControl } from '@/components/status-control';
import { useUpdateUserStatus } from '@/features/users/api/update-user-status';
import { RideHistoryTable } from '@/features/rides/components/ride-history-table';
import { useUserDetail } from '@/features/users/api/get-user-detail';
import { formatDate } from '@/lib/format';
import { RecordLog } from '@/features/review/components/record-log';

/** SPEC 2 User detail: the passenger's information, Active status and overall trip history. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const user = useUserDetail(Number(useParams().id));
  const statusUpdate = useUpdateUserStatus();

  return (
    <DetailScreen
      title={t('pages.userDetail')}
      back={{ to: '/user', label: t('pages.user') }}
      query={user}
    >
      {(data) => (
        <>
          <SectionCard
            title={t('users.information')}
            actions={
              <StatusControl
                status={data.status}
                reason={data.status_reason}
                name={data.name}
                pending={statusUpdate.isPending}
                onChange={(status, reason) =>
                  statusUpdate.mutateAsync({ id: data.id, status, reason })
                }
              />
            }
          >
            <PersonProfile person={data}>
              <InfoList
                cols={4}
                items={[
                  { label: t('users.registrationDate'), value: formatDate(data.created_at) },
                  { label: t('users.phone'), value: data.phone },
                  { label: t('users.email'), value: <Email address={data.email} /> },
                  {
                    label: t('users.gender'),
                    value: data.gender ? t(`gender.${data.gender}`) : null,
                  },
                ]}
              />
            </PersonProfile>
          </SectionCard>
          <SectionCard title={t('rides.overallHistory')}>
            <Text size="sm" c="dimmed" mt={-8}>
              {t('rides.historyOf', { name: data.name })}
            </Text>
            <RideHistoryTable userId={data.id} party="driver" />
          </SectionCard>
          <RecordLog table="users" id={data.id} />
        </>
      )}
    </DetailScreen>
  );
}
