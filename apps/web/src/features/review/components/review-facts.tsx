import { userDetail, vehicleDetail, type ReviewItem } from '@cabdesk/contract';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoList, type InfoItem } from '@/components/info-list';
import { queryOf } from '@/lib/call';
import { formatDate } from '@/lib/format';

/** The record's page (SPEC's detail screens). */
const detailPathOf = (item: Pick<ReviewItem, 'kind' | 'id'>) => `/${item.kind}-detail/${item.id}`;

/** What a reviewer checks the documents against: who or what it is, and since when. */
export function ReviewFacts({ item }: { item: ReviewItem }) {
  const { t } = useTranslation();
  const person = useQuery({
    ...queryOf(userDetail, { user_id: item.id }),
    enabled: item.table === 'users',
  });
  const vehicle = useQuery({
    ...queryOf(vehicleDetail, { vehicle_id: item.id }),
    enabled: item.table === 'vehicles',
  });
  const items: InfoItem[] = [
    {
      label: t(`review.name.${item.kind}`),
      value: (
        <Anchor component={Link} to={detailPathOf(item)} size="sm">
          {item.name}
        </Anchor>
      ),
    },
    { label: t('review.submitted'), value: formatDate(item.submitted_at) },
  ];
  // A driver's employer, a vehicle's owner (a company is its own).
  if (item.kind !== 'company') {
    items.splice(1, 0, { label: t('review.company'), value: item.company_name });
  }
  if (person.data) {
    items.push(
      { label: t('users.email'), value: person.data.email },
      { label: t('users.phone'), value: person.data.phone },
    );
    if (item.kind === 'driver' && person.data.dob) {
      items.push({ label: t('drivers.dob'), value: formatDate(person.data.dob) });
    }
  }
  if (vehicle.data) {
    const v = vehicle.data;
    items.push(
      { label: t('vehicles.plate'), value: v.license_number },
      { label: t('vehicles.model'), value: `${v.brand_name.name} ${v.model_name.name}` },
      { label: t('review.vehicleType'), value: v.vehicle_type_data.title },
      { label: t('vehicles.color'), value: v.color_name.name },
    );
  }
  return <InfoList cols={1} items={items} />;
}
