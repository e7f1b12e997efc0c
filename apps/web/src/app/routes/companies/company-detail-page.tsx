import type { UserDetail } from '@cabdesk/contract';
import { Group, SimpleGrid, Text } from '@mantine/core';
import { IconCar, IconSteeringWheel } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RecordDecisions } from '@/components/record-decisions';
import { DetailScreen } from '@/components/detail-screen';
import { FigureGrid } from '@/components/figure-card';
import { ImageZoom } from '@/components/image-zoom';
import { InfoList } from '@/components/info-list';
import { Email } from '@/components/person-cell';
import { SectionCard } from '@/components/section-card';
import { useDecideUserApproval } from '@/features/users/api/decide-user-approval';
import { useUserDetail } from '@/features/users/api/get-user-detail';
import { useUpdateUserStatus } from '@/features/users/api/update-user-status';
import { companyName } from '@/features/users/company-name';
import { revenueFigures } from '@/features/users/components/revenue-figures';
import { formatCount, formatDate } from '@/lib/format';
import { CompanyFleetTabs } from './company-fleet-tabs';
import { BankDetailsCard } from '@/features/payouts/components/bank-details-card';
import { RecordLog } from '@/features/review/components/record-log';
import { DecisionFacts, DocumentExpiries } from '@/features/review/components/record-review';

function CompanyInformation({ company }: { company: UserDetail }) {
  const { t } = useTranslation();
  const approval = useDecideUserApproval();
  const statusUpdate = useUpdateUserStatus();
  const name = companyName(company);
  return (
    <SectionCard
      title={t('companies.information')}
      actions={
        <Group gap="md">
          <RecordDecisions
            kind="company"
            record={company}
            name={name}
            statusUpdate={statusUpdate}
            approval={approval}
            withStatus={company.approval === 'Approved'}
          />
        </Group>
      }
    >
      <InfoList
        cols={3}
        items={[
          { label: t('companies.name'), value: name },
          { label: t('companies.owner'), value: company.name },
          { label: t('users.email'), value: <Email address={company.email} /> },
          { label: t('users.phone'), value: company.phone },
          { label: t('users.registrationDate'), value: formatDate(company.created_at) },
          { label: t('approval.column'), value: t(`approval.${company.approval}`) },
        ]}
      />
    </SectionCard>
  );
}

/**
 * SPEC 2 Company detail: four figures, information with approve / reject
 * while Pending, documents (zoom), and its drivers and vehicles under one search.
 */
export function CompanyDetailPage() {
  const { t } = useTranslation();
  const company = useUserDetail(Number(useParams().id));
  // A company's papers: its business licence, then its certificate of incorporation.
  const documentLabel = (index: number) =>
    index === 0
      ? t('documents.kind.business_licence')
      : index === 1
        ? t('documents.kind.certificate_of_incorporation')
        : t('companies.documentN', { n: index + 1 });

  return (
    <DetailScreen
      title={t('pages.companyDetail')}
      back={{ to: '/company', label: t('pages.company') }}
      query={company}
    >
      {(data) => (
        <>
          <FigureGrid
            figures={[
              {
                label: t('companies.totalDriver'),
                value: formatCount(data.overall_driver),
                icon: <IconSteeringWheel size={22} stroke={1.5} />,
                color: 'indigo',
              },
              {
                label: t('companies.totalVehicle'),
                value: formatCount(data.overall_vehicle),
                icon: <IconCar size={22} stroke={1.5} />,
                color: 'cyan',
              },
              ...revenueFigures(t, data),
            ]}
          />
          <CompanyInformation company={data} />
          <DecisionFacts record={data} />
          <SectionCard title={t('companies.documents')}>
            <DocumentExpiries table="users" id={data.id} documents={data.documents} />
            {data.company_doc.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('image.noDocuments')}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
                {data.company_doc.map((src, index) => (
                  <ImageZoom
                    key={src}
                    src={src}
                    label={documentLabel(index)}
                    of={data.company_name ?? data.name}
                  />
                ))}
              </SimpleGrid>
            )}
          </SectionCard>
          <CompanyFleetTabs companyId={data.id} />
          <BankDetailsCard userId={data.id} details={data.bank_details} />
          <RecordLog table="users" id={data.id} />
        </>
      )}
    </DetailScreen>
  );
}
