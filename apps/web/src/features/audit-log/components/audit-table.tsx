import { AUDIT_ACTIONS, AUDIT_RECORD_KINDS, auditLog, type AuditEntry } from '@cabdesk/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DataTable,
  DateRangeFilter,
  FilterSelect,
  pagedQueryProps,
  type Column,
} from '@/components/data-table';
import type { FilterKind } from '@/hooks/table-url-state';
import type { TableUrlState } from '@/hooks/use-table-url-state';
import { actionLabel, RecordChange } from '@/components/record-change';
import { formatDateTime } from '@/lib/format';
import { useAdminChoices, useAuditLog } from '../api/audit-log';

/** The page of a record an entry is about, when the app has one. */
function recordPath(entry: AuditEntry): string | null {
  if (entry.record_id === null) return null;
  const id = entry.record_id;
  switch (entry.table_name) {
    case 'users':
    case 'bank_details':
      return entry.record_role === 'Driver'
        ? `/driver-detail/${id}`
        : entry.record_role === 'Company'
          ? `/company-detail/${id}`
          : `/user-detail/${id}`;
    case 'vehicles':
      return `/vehicle-detail/${id}`;
    case 'rides':
      return `/trip-detail/${id}`;
    case 'supports':
      return '/faq';
    case 'cases':
      return `/cases/${id}`;
    case 'case_deadlines':
      return '/cases';
    case 'coupons':
      return '/coupon';
    case 'admins':
      return '/administrators';
    case 'payout_batches':
      return `/payout-detail/${id}`;
    case 'money_requests':
      return '/approvals';
    default:
      return null;
  }
}

/** What the record is and what it is called: "Company Checker Transport", "Trip #12", "Vehicle #4" (gone). */
function recordLabel(t: TFunction, entry: AuditEntry): string {
  const kind =
    entry.table_name === 'users' && entry.record_role
      ? t(`audit.people.${entry.record_role}`, { defaultValue: entry.record_role })
      : t(`audit.tables.${entry.table_name}`, { defaultValue: entry.table_name });
  if (entry.record_name) return `${kind} ${entry.record_name}`;
  return entry.record_id === null ? kind : `${kind} #${entry.record_id}`;
}

/** The filters of audit-log, kept in the URL with the page (a day is `YYYY-MM-DD`). */
export const AUDIT_FILTERS = {
  admin_id: 'id',
  action: { one: AUDIT_ACTIONS },
  table: { one: AUDIT_RECORD_KINDS },
  from: 'date',
  to: 'date',
} as const satisfies Record<string, FilterKind>;

type AuditTableState = TableUrlState<keyof typeof AUDIT_FILTERS>;

/** Who did what to which record, newest first, filtered by who, what, which kind and when. */
export function AuditTable({ table }: { table: AuditTableState }) {
  const { t } = useTranslation();
  const { filters } = table;
  // The days are UTC days: audit-log takes no time zone.
  const { tz: _zone, ...query } = table.query;
  const log = useAuditLog(query);
  const admins = useAdminChoices();
  const set = (key: keyof typeof AUDIT_FILTERS) => (value: string | null) =>
    table.setFilter(key, value || null);

  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: t('audit.when'),
      nowrap: true,
      render: (entry) => formatDateTime(entry.created_at),
    },
    {
      key: 'who',
      header: t('audit.who'),
      render: (entry) =>
        entry.admin ? (
          <Stack gap={0}>
            <Text size="sm">{entry.admin.name || entry.admin.email}</Text>
            <Text size="xs" c="dimmed">
              {entry.ip}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('audit.system')}
          </Text>
        ),
    },
    {
      key: 'action',
      header: t('audit.action'),
      render: (entry) => <Text size="sm">{actionLabel(t, entry.action)}</Text>,
    },
    {
      key: 'record',
      header: t('audit.record'),
      render: (entry) => {
        const label = recordLabel(t, entry);
        const to = recordPath(entry);
        return to ? (
          <Anchor component={Link} to={to} size="sm">
            {label}
          </Anchor>
        ) : (
          <Text size="sm">{label}</Text>
        );
      },
    },
    {
      key: 'change',
      header: t('audit.change'),
      render: (entry) => (
        <Stack gap={4}>
          <RecordChange before={entry.before} after={entry.after} size="xs" />
          {entry.reason ? (
            <Text size="xs" c="dimmed">
              {t('audit.reason', { reason: entry.reason })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];

  const filterFields = (
    <>
      <FilterSelect
        label={t('audit.who')}
        placeholder={t('audit.anyone')}
        options={(admins.data ?? []).map((admin) => ({
          value: String(admin.id),
          label: admin.name || admin.email,
        }))}
        value={filters.admin_id}
        onChange={set('admin_id')}
      />
      <FilterSelect
        label={t('audit.action')}
        placeholder={t('audit.anyAction')}
        options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(t, action) }))}
        value={filters.action}
        onChange={set('action')}
        searchable
      />
      <FilterSelect
        label={t('audit.recordKind')}
        placeholder={t('audit.anyKind')}
        options={AUDIT_RECORD_KINDS.map((kind) => ({
          value: kind,
          label: t(`audit.tables.${kind}`, { defaultValue: kind }),
        }))}
        value={filters.table}
        onChange={set('table')}
      />
      <DateRangeFilter from={filters.from} to={filters.to} onChange={table.setFilters} />
    </>
  );

  return (
    <DataTable
      label={t('pages.auditLog')}
      source={{ endpoint: auditLog, input: query }}
      columns={columns}
      rowKey={(entry) => entry.id}
      {...pagedQueryProps(log)}
      table={table}
      noun={(count) => t('nouns.auditEntry', { count })}
      filters={filterFields}
      minWidth={900}
    />
  );
}
