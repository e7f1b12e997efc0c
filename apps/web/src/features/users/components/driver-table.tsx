import type { UserListItem } from '@cabdesk/contract';
import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Column } from '@/components/data-table';
import { ContactCell, PersonCell } from '@/components/person-cell';
import { formatCount, formatDate } from '@/lib/format';

interface DriverColumnsOptions {
  /** Approve / reject or the badge; the page brings the call. */
  renderApproval: (driver: UserListItem) => ReactNode;
  /** View, delete. */
  renderActions: (driver: UserListItem) => ReactNode;
  /** The company column; left out inside a company's own page. */
  withCompany?: boolean;
}

const nowrap = (text: string) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
    {text}
  </Text>
);

/**
 * SPEC 2 Driver list: name with gender, contact, company, date of birth,
 * registration date, total rides, approval, view.
 */
export function driverColumns(
  t: TFunction,
  { renderApproval, renderActions, withCompany = true }: DriverColumnsOptions,
): Column<UserListItem>[] {
  const columns: (Column<UserListItem> | false)[] = [
    { key: 'index', header: '#', render: (_, index) => index, width: 48 },
    {
      key: 'name',
      header: t('drivers.name'),
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
      render: (driver) => <ContactCell phone={driver.phone} email={driver.email} />,
    },
    withCompany && {
      key: 'company',
      header: t('drivers.company'),
      render: (driver) =>
        driver.company ? (
          <Stack gap={0}>
            <Text size="sm">{driver.company.company_name ?? t('common.na')}</Text>
          </Stack>
        ) : (
          t('common.na')
        ),
    },
    {
      key: 'dob',
      header: t('drivers.dob'),
      render: (driver) => nowrap(driver.dob ? formatDate(driver.dob) : t('common.na')),
    },
    {
      key: 'registered',
      header: t('users.registrationDate'),
      render: (driver) => nowrap(formatDate(driver.created_at)),
    },
    {
      key: 'rides',
      header: t('drivers.totalRides'),
      render: (driver) => formatCount(driver.driver_rides_count),
      align: 'center',
    },
    { key: 'approval', header: t('approval.column'), render: renderApproval, nowrap: true },
    { key: 'action', header: t('table.action'), render: renderActions, nowrap: true },
  ];
  return columns.filter((column): column is Column<UserListItem> => column !== false);
}
