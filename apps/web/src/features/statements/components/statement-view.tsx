import '@mantine/core/styles/SegmentedControl.layer.css';
import { statement } from '@cabdesk/contract';
import { Button, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, DateRangeFilter, pagedQueryProps } from '@/components/data-table';
import { ExportButton } from '@/components/data-table/export-button';
import { useIsPhone } from '@/hooks/use-is-phone';
import { useMay } from '@/hooks/use-may';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatDate } from '@/lib/format';
import { useBalance, useStatement } from '../api/get-statement';
import { periodDays, periodOf, STATEMENT_PERIODS } from '../periods';
import { Amount, lineColumns, periodText, StatementSummary } from './statement-parts';

export type PartyRef = { kind: 'company' | 'driver'; id: number };

/** The query naming a party: `company_id` or `driver_id`. */
const partyQuery = (party: PartyRef) =>
  party.kind === 'company' ? { company_id: party.id } : { driver_id: party.id };

/**
 * The days of the statement shown, from the URL (`from`, `to`); this month
 * (UTC) when it names none or names days that are not a period.
 */
function useStatementDays() {
  const [params, setParams] = useSearchParams();
  const fallback = periodDays('thisMonth');
  const day = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null);
  const from = day(params.get('from')) ?? fallback.from;
  const to = day(params.get('to')) ?? fallback.to;
  const setDays = (changes: { from?: string | null; to?: string | null }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('line_page');
        return next;
      },
      { replace: false },
    );
  return { from, to, setDays };
}

/** A link to the printable statement. */
const printLink = (party: PartyRef, from: string, to: string) =>
  `/statement-print?${party.kind}_id=${party.id}&from=${from}&to=${to}`;

/**
 * A party's earnings (issue 48): its balance now, a period picked (this or
 * last week or month, or any days), that period's statement (the trips, the
 * balance from opening to closing, the lines paged) with its CSV and its
 * printable page.
 */
export function EarningsPanel({ party }: { party: PartyRef }) {
  const { t } = useTranslation();
  const may = useMay();
  const { from, to, setDays } = useStatementDays();
  const table = useTableUrlState({ list: 'statement-lines', prefix: 'line_' });
  const query = { ...partyQuery(party), from, to, ...table.query };
  const shown = useStatement(query);
  const balance = useBalance(partyQuery(party));
  const period = periodOf(from, to);
  const isPhone = useIsPhone();

  return (
    <Stack gap="md" data-testid="earnings">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            {t('statements.balanceNow')}
          </Text>
          <Text size="xl" fw={700} data-testid="balance-now">
            {balance.data ? <Amount value={balance.data.balance} /> : '—'}
          </Text>
          {party.kind === 'driver' && balance.data ? (
            <Text size="xs" c="dimmed">
              {t('statements.cashHeld')} <Amount value={balance.data.cash_held} />
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {may.export(statement) ? (
            <ExportButton
              source={{ endpoint: statement, input: { ...partyQuery(party), from, to } }}
            />
          ) : null}
          <Button
            component={Link}
            to={printLink(party, from, to)}
            variant="default"
            leftSection={<IconPrinter size={16} />}
          >
            {t('statements.print')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('statements.period')}
          value={period ?? 'custom'}
          orientation={isPhone ? 'vertical' : 'horizontal'}
          fullWidth={isPhone}
          w={isPhone ? '100%' : undefined}
          onChange={(value) => {
            if (value !== 'custom')
              setDays(periodDays(value as (typeof STATEMENT_PERIODS)[number]));
          }}
          data={[
            ...STATEMENT_PERIODS.map((p) => ({ value: p, label: t(`statements.periods.${p}`) })),
            { value: 'custom', label: t('statements.periods.custom'), disabled: true },
          ]}
        />
        <DateRangeFilter from={from} to={to} onChange={setDays} />
      </Group>
      <Text fw={600} data-testid="statement-period">
        {periodText(formatDate, from, to)}
      </Text>
      {shown.data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <StatementSummary data={shown.data} t={t} />
        </SimpleGrid>
      ) : shown.isLoading ? (
        <Loader size="sm" />
      ) : null}
      <DataTable
        label={t('statements.lines')}
        columns={lineColumns(t)}
        rowKey={(line) => line.set_id}
        {...pagedQueryProps({ ...shown, data: shown.data?.lines })}
        table={table}
        searchable={false}
        noun={(count) => t('statements.lineCount', { count })}
        minWidth={900}
        dense
      />
    </Stack>
  );
}
