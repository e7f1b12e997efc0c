import '@mantine/core/styles/Table.layer.css';
import { IMPORT_KINDS, type ImportKind, type ImportReport } from '@cabdesk/contract';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/format';
import { saveFile } from '@/lib/csv-download';
import { rejectedRowsCsv } from '../api/import-file';

const KINDS = Object.keys(IMPORT_KINDS) as ImportKind[];

/**
 * The end of an import: the rows accepted and rejected of each kind, and the
 * rejected rows (line, kind, external_id, reason) to download as CSV.
 * `partial`: an import stopped before the end, its rows so far.
 */
export function ImportReportView({
  report,
  fileName,
  partial = false,
}: {
  report: ImportReport;
  fileName: string;
  partial?: boolean;
}) {
  const { t } = useTranslation();
  const withoutKind =
    report.rejected - KINDS.reduce((sum, kind) => sum + report.by_kind[kind].rejected, 0);
  const rows = [
    ...KINDS.map((kind) => ({
      label: t(`integrations.import.kinds.${kind}`),
      ...report.by_kind[kind],
    })),
    ...(withoutKind > 0
      ? [{ label: t('integrations.import.kinds.none'), accepted: 0, rejected: withoutKind }]
      : []),
  ];
  const download = () =>
    saveFile({
      blob: new Blob([rejectedRowsCsv(report)], { type: 'text/csv;charset=utf-8' }),
      name: `${fileName.replace(/\.[^.]*$/, '') || 'import'}-rejected.csv`,
    });
  return (
    <Stack gap="sm" maw={720} data-testid="import-report">
      <Alert
        color={partial ? 'blue' : report.rejected === 0 ? 'green' : 'yellow'}
        icon={
          report.rejected === 0 ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />
        }
        title={t(partial ? 'integrations.import.partial' : 'integrations.import.finished', {
          name: fileName,
        })}
      >
        {t('integrations.import.summary', {
          count: report.accepted,
          accepted: formatCount(report.accepted),
          rejected: formatCount(report.rejected),
        })}
      </Alert>
      <Table withTableBorder verticalSpacing={6} aria-label={t('integrations.import.byKind')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('integrations.import.kind')}</Table.Th>
            <Table.Th ta="end">{t('integrations.import.accepted')}</Table.Th>
            <Table.Th ta="end">{t('integrations.import.rejected')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              <Table.Td ta="end">{formatCount(row.accepted)}</Table.Td>
              <Table.Td ta="end">{formatCount(row.rejected)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('integrations.import.total')}</Table.Th>
            <Table.Th ta="end">{formatCount(report.accepted)}</Table.Th>
            <Table.Th ta="end">{formatCount(report.rejected)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {report.rejected > 0 && (
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={download}
            // A long label wraps on a phone rather than being cut.
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
          >
            {t('integrations.import.download', {
              count: report.errors.length,
              n: formatCount(report.errors.length),
            })}
          </Button>
          {report.errors_not_listed > 0 && (
            <Text size="sm" c="dimmed">
              {t('integrations.import.notListed', {
                listed: formatCount(report.errors.length),
                count: report.errors_not_listed,
                rest: formatCount(report.errors_not_listed),
              })}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
