import { driverList, type InputOf, type UserListItem } from '@cabdesk/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { filterOf, indexColumn, type Column } from '@/components/data-table';
import { ContactCell, PersonCell } from '@/components/person-cell';
import { RecordTable, type RecordListProps } from '@/components/record-table';
import { formatCount, formatDate } from '@/lib/format';
import { useDecideUserApproval } from '../api/decide-user-approval';
import { useDeleteUser } from '../api/delete-user';
import { useDriverList } from '../api/get-driver-list';

const nowrap = (text: string) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
    {text}
  </Text>
);

/**
 * SPEC 2 Driver list, on the driver list and in a company's Driver List tab:
 * name with gender, contact, company, date of birth, registration date, total
 * rides, the average rating by passengers and how many (issue 49: drivers
 * nobody rated come last whichever way it sorts), approve / reject while
 * Pending, view and delete.
 */
export function DriverTable({
  query,
  ofCompany = false,
  ...table
}: RecordListProps<InputOf<typeof driverList>>) {
  const { t } = useTranslation();
  const drivers = useDriverList(query);
  const approval = useDecideUserApproval();
  const remove = useDeleteUser();
  const na = t('common.na');

  const columns: (Column<UserListItem> | false)[] = [
    indexColumn(48),
    {
      key: 'name',
      sort: 'name',
      card: 'title',
      header: t('drivers.name'),
      wholeWords: true,
      render: (driver) => (
        <PersonCell
          name={driver.name}
          image={driver.profile}
          detail={driver.gender ? t(`gender.${driver.gender}`) : null}
        />
      ),
    },
    {
      key: 'contact',
      header: t('users.contact'),
      wholeWords: true,
      render: (driver) => <ContactCell phone={driver.phone} email={driver.email} />,
    },
    !ofCompany && {
      key: 'company',
      header: t('drivers.company'),
      wholeWords: true,
      render: (driver) =>
        driver.company ? <Text size="sm">{driver.company.company_name ?? na}</Text> : na,
    },
    {
      key: 'dob',
      header: t('drivers.dob'),
      render: (driver) => nowrap(driver.dob ? formatDate(driver.dob) : na),
      sort: 'dob',
      // What an operator needs least at a glance: off the list (which then fits 1280 px
      // without breaking a word) until the Columns menu shows it.
      hiddenByDefault: true,
    },
    {
      key: 'registered',
      header: t('users.registrationDate'),
      render: (driver) => nowrap(formatDate(driver.created_at)),
      sort: 'created_at',
      sortDescending: true,
    },
    {
      key: 'rides',
      header: t('drivers.totalRides'),
      render: (driver) => formatCount(driver.driver_rides_count),
      align: 'center',
      sort: 'driver_rides_count',
      sortDescending: true,
    },
    {
      key: 'rating',
      header: t('drivers.rating'),
      // Narrow, so the list still fits 1280 px: the average, its count beneath.
      render: (driver) =>
        driver.rating === null ? (
          <Text
            size="sm"
            c="dimmed"
            aria-label={t('drivers.notRated')}
            title={t('drivers.notRated')}
          >
            —
          </Text>
        ) : (
          <Stack gap={0} align="center">
            {nowrap(t('drivers.stars', { stars: driver.rating.toFixed(2) }))}
            <Text size="xs" c="dimmed">
              {t('drivers.ratingCount', {
                count: driver.rating_count,
                total: formatCount(driver.rating_count),
              })}
            </Text>
          </Stack>
        ),
      align: 'center',
      sort: 'rating',
      sortDescending: true,
    },
  ];

  return (
    <RecordTable<UserListItem>
      {...table}
      source={{ endpoint: driverList, input: query }}
      bulk={{
        table: 'users',
        actions: ['approve', 'reject', 'activate', 'deactivate'],
        kind: 'driver',
        nameOf: (driver) => driver.name,
        filter: filterOf({ user_type: 'Driver', ...query }),
      }}
      list={drivers}
      columns={columns}
      kind="driver"
      noun={(count) => t('nouns.driver', { count })}
      defaultSort="-created_at"
      // Eleven columns with the rating (issue 49): the smaller text, the date of birth hidden
      // by default and names, phones and companies kept whole keep them within 1280 px.
      dense
      nameOf={(driver) => driver.name}
      detailOf={(driver) => `/driver-detail/${driver.id}`}
      approval={approval}
      remove={remove}
    />
  );
}
