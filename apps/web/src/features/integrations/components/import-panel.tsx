import type { ImportReport } from '@cabdesk/contract';
import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { importFile, type ImportProgress } from '../api/import-file';
import { ImportReportView } from './import-report';

type State =
  | { step: 'idle' }
  | { step: 'running'; progress: ImportProgress }
  | { step: 'done'; report: ImportReport; fileName: string }
  | { step: 'failed'; message: string };

/**
 * Import an existing marketplace (Owners): a file of people, vehicles, trips
 * and payments (NDJSON or CSV) sent in one request. The server reads the
 * file as it writes its rows, so the share of the file it has taken is the
 * share imported; once it has it all, it writes the last rows and answers
 * the report.
 */
export function ImportPanel() {
  const { t } = useTranslation();
  /** A size in KB below a megabyte, else in MB with one decimal. */
  const size = (bytes: number) =>
    bytes < 1024 ** 2
      ? t('integrations.import.sizeKb', { n: formatCount(Math.ceil(bytes / 1024)) })
      : t('integrations.import.sizeMb', {
          n: (Math.round((bytes / 1024 ** 2) * 10) / 10).toLocaleString('en-US'),
        });
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);

  const start = () => {
    if (!file) return;
    const chosen = file;
    setState({ step: 'running', progress: { sent: 0, total: chosen.size } });
    const running = importFile(chosen, (progress) => setState({ step: 'running', progress }));
    cancel.current = running.cancel;
    running.done.then(
      (report) => setState({ step: 'done', report, fileName: chosen.name }),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') {
          setState({ step: 'idle' });
        } else setState({ step: 'failed', message: errorMessage(error) });
      },
    );
  };

  const running = state.step === 'running' ? state.progress : null;
  const share = running && running.total > 0 ? (running.sent / running.total) * 100 : 0;
  const writingLast = running !== null && running.sent >= running.total;
  return (
    <SectionCard title={t('integrations.import.title')}>
      <Text size="sm" c="dimmed" maw={760}>
        {t('integrations.import.intro')}
      </Text>
      <Group align="end" gap="sm" wrap="wrap">
        <FileInput
          label={t('integrations.import.file')}
          description={t('integrations.import.fileHint')}
          accept=".ndjson,.jsonl,.json,.csv,text/csv,application/x-ndjson"
          leftSection={<IconFileImport size={18} />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            if (state.step !== 'running') setState({ step: 'idle' });
          }}
          disabled={running !== null}
          clearable
          w={{ base: '100%', sm: 380 }}
        />
        <Button
          leftSection={<IconUpload size={18} />}
          onClick={start}
          disabled={!file}
          loading={running !== null}
        >
          {t('integrations.import.start')}
        </Button>
      </Group>
      {running && (
        <Stack gap={6} data-testid="import-progress">
          <Progress
            value={writingLast ? 100 : share}
            striped={writingLast}
            animated={writingLast}
            aria-label={t('integrations.import.progressLabel')}
          />
          <Group justify="space-between" gap="sm">
            <Text size="sm" aria-live="polite">
              {writingLast
                ? t('integrations.import.writingLast')
                : t('integrations.import.reading', { percent: Math.floor(share) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('integrations.import.bytes', {
                sent: size(running.sent),
                total: size(running.total),
              })}
            </Text>
          </Group>
          <Group>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => cancel.current?.()}
            >
              {t('integrations.import.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
      {state.step === 'failed' && (
        <Alert color="red" title={t('integrations.import.failed')}>
          {state.message}
        </Alert>
      )}
      {state.step === 'done' && (
        <ImportReportView report={state.report} fileName={state.fileName} />
      )}
    </SectionCard>
  );
}
