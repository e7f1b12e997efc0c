import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InfoList } from '@/components/info-list';
import { Email, PersonAvatar } from '@/components/person-cell';
import { PageTitle } from '@/components/page-title';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { ActiveBadge } from '@/components/status-badge';
import { RideHistoryTable } from '@/features/rides/components/ride-history-table';
import { formatDate } from '@/lib/format';
import { useUserDetail } from '@/features/users/api/get-user-detail';

/** SPEC 2 User detail: the passenger's information and overall trip history. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().id);
  const user = useUserDetail(userId);

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.userDetail')} back={{ to: '/user', label: t('pages.user') }} />
      <QueryState query={user}>
        {(data) => (
          <>
            <SectionCard title={t('users.information')}>
              <Group gap="lg" align="flex-start" wrap="nowrap">
                <PersonAvatar src={data.profile} name={data.name} size={88} radius="md" />
                <Stack gap="md" style={{ flex: 1 }} miw={0}>
                  <Group gap="sm">
                    <Title order={3} size="h3">
                      {data.name}
                    </Title>
                    <ActiveBadge status={data.status} />
                  </Group>
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
                </Stack>
              </Group>
            </SectionCard>
            <SectionCard title={t('rides.overallHistory')}>
              <Text size="sm" c="dimmed" mt={-8}>
                {t('rides.historyOf', { name: data.name })}
              </Text>
              <RideHistoryTable userId={data.id} party="driver" />
            </SectionCard>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
