import '@mantine/core/styles/Table.layer.css';
import { PER_PAGE_MAX, statement, type InputOf, type StatementLine } from '@cabdesk/contract';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { call, queryKeyOf } from '@/lib/call';
import { formatCount, formatDate, formatFullTimestamp } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import {
  lineColumns,
  periodText,
  StatementSummary,
} from '@/features/statements/components/statement-parts';
import classes from './statement-print.module.css';

/** The most lines a printed statement holds; a longer period's are in its CSV. */
const PRINTED_LINES = 2000;

/** The statement with its lines, page after page, up to PRINTED_LINES. */
function useWholeStatement(query: InputOf<typeof statement>) {
  return useQuery({
    queryKey: [...queryKeyOf(statement, query), 'printed'],
    queryFn: async ({ signal }) => {
      const first = await call(
        statement,
        { ...query, page: 1, per_page: PER_PAGE_MAX },
        { signal },
      );
      const lines: StatementLine[] = [...first.lines.data];
      for (let page = 2; page <= first.lines.last_page && lines.length < PRINTED_LINES; page++) {
        const next = await call(statement, { ...query, page, per_page: PER_PAGE_MAX }, { signal });
        lines.push(...next.lines.data);
      }
      return { ...first, printed: lines.slice(0, PRINTED_LINES) };
    },
  });
}

/**
 * A statement to print (issue 48): the party and its period at the head, the
 * trips and the balance from opening to closing, then its lines. No sidebar
 * or header; Back and Print are left off the paper.
 */
export function StatementPrintPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = (key: string) => (params.get(key) ? Number(params.get(key)) : undefined);
  const query = {
    company_id: id('company_id'),
    driver_id: id('driver_id'),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const whole = useWholeStatement(query);
  const data = whole.data;
  const columns = lineColumns(t, { links: false });

  return (
    <div className={classes.sheet}>
      <Group justify="space-between" className={classes.toolbar} mb="lg">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} className="mantine-rotate-rtl" />}
          onClick={() => void navigate(-1)}
        >
          {t('statements.back')}
        </Button>
        <Button
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          disabled={!data}
        >
          {t('statements.print')}
        </Button>
      </Group>
      {whole.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {translateMessage(errorMessage(whole.error))}
        </Alert>
      ) : !data ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <Stack gap="lg">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t(`statements.statementOf.${data.party.kind}`)}
            </Text>
            <Title order={1} size="h2" data-testid="printed-party">
              {data.party.name}
            </Title>
            <Text fw={600}>{periodText(formatDate, data.from, data.to)}</Text>
            <Text size="xs" c="dimmed">
              {t('statements.printedAt', { at: formatFullTimestamp(new Date().toISOString()) })}
            </Text>
          </Stack>
          <SimpleGrid cols={2} spacing="md" className={classes.summary}>
            <StatementSummary data={data} t={t} />
          </SimpleGrid>
          <Title order={2} size="h4">
            {`${t('statements.lines')} (${formatCount(data.lines.total)})`}
          </Title>
          {data.lines.total > data.printed.length ? (
            <Text size="sm" c="dimmed">
              {t('statements.printedFirst', { shown: formatCount(data.printed.length) })}
            </Text>
          ) : null}
          <Table className={classes.lines} withTableBorder striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th
                    key={c.key}
                    style={{ textAlign: c.align === 'right' ? 'end' : 'start' }}
                  >
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.printed.map((line, index) => (
                <Table.Tr key={line.set_id}>
                  {columns.map((c) => (
                    <Table.Td
                      key={c.key}
                      style={{ textAlign: c.align === 'right' ? 'end' : 'start' }}
                    >
                      {c.render(line, index + 1)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </div>
  );
}
