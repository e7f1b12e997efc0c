import '@mantine/core/styles/Progress.layer.css';
import type { ImportReport } from '@cabdesk/contract';
import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPlayerPlay, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import type { ChunkLimits } from '../api/import-chunks';
import {
  importInParts,
  ImportPartFailed,
  type ImportPlace,
  type ImportProgress,
} from '../api/import-file';
import { ImportReportView } from './import-report';

type State =
  | { step: 'idle' }
  | { step: 'running'; progress: ImportProgress; place: ImportPlace | null }
  | { step: 'done'; report: ImportReport; fileName: string }
  /** Stopped by the Owner, or a part failed (`message`): what was imported stays. */
  | { step: 'stopped'; place: ImportPlace | null; line: number; message: string | null };

/** A new import's id: the server's one summary notification for all its parts. */
const newImportId = () => crypto.randomUUID();

/**
 * Import an existing marketplace (Owners): a file of people, vehicles,
 * trips and payments (NDJSON or CSV) sent in parts of whole records, one
 * request after another, each well within the server's request timeout
 * (import-chunks.ts). The progress is over the whole file; the report adds
 * up the parts, lines numbered in the whole file. A stop, or a part that
 * fails, keeps what was imported and offers to resume from the part it
 * ended in (sending a row again writes it once: rows are upserts).
 * `chunk` bounds the parts (smaller in a test than a file).
 */
export function ImportPanel({ chunk }: { chunk?: ChunkLimits }) {
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
  const importId = useRef(newImportId());
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);

  /** Runs the import of the chosen file, from the start or from where it stopped. */
  const run = (from: ImportPlace | null) => {
    if (!file) return;
    const chosen = file;
    if (!from) importId.current = newImportId();
    const controller = new AbortController();
    stop.current = controller;
    let place = from;
    let line = from?.nextLine ?? 1;
    setState({
      step: 'running',
      progress: { sent: 0, total: chosen.size, part: from?.next ?? 0, line },
      place,
    });
    importInParts({
      file: chosen,
      importId: importId.current,
      limits: chunk,
      from: from ?? undefined,
      signal: controller.signal,
      onProgress: (progress) => {
        line = progress.line || line;
        setState({ step: 'running', progress, place });
      },
      onPlace: (next) => {
        place = next;
      },
    }).then(
      (report) => setState({ step: 'done', report, fileName: chosen.name }),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') {
          setState({ step: 'stopped', place, line, message: null });
        } else if (error instanceof ImportPartFailed) {
          setState({
            step: 'stopped',
            place,
            line: error.chunk.firstLine,
            message: errorMessage(error.reason),
          });
        } else setState({ step: 'stopped', place, line, message: errorMessage(error) });
      },
    );
  };

  const running = state.step === 'running' ? state : null;
  const share =
    running && running.progress.total > 0
      ? (running.progress.sent / running.progress.total) * 100
      : 0;
  const soFar = running?.place?.report ?? (state.step === 'stopped' ? state.place?.report : null);
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
          onClick={() => run(null)}
          disabled={!file}
          loading={running !== null}
        >
          {t('integrations.import.start')}
        </Button>
      </Group>
      {running && (
        <Stack gap={6} data-testid="import-progress">
          <Progress value={share} aria-label={t('integrations.import.progressLabel')} />
          <Group justify="space-between" gap="sm">
            <Text size="sm" aria-live="polite">
              {t('integrations.import.reading', {
                percent: Math.floor(share),
                line: formatCount(running.progress.line),
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('integrations.import.bytes', {
                sent: size(running.progress.sent),
                total: size(running.progress.total),
              })}
            </Text>
          </Group>
          {soFar && (
            <Text size="sm" c="dimmed" data-testid="import-so-far">
              {t('integrations.import.soFar', {
                accepted: formatCount(soFar.accepted),
                rejected: formatCount(soFar.rejected),
              })}
            </Text>
          )}
          <Group>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => stop.current?.abort()}
            >
              {t('integrations.import.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
      {state.step === 'stopped' && (
        <Alert
          color={state.message ? 'red' : 'yellow'}
          title={
            state.message
              ? t('integrations.import.failedAt', { line: formatCount(state.line) })
              : t('integrations.import.stopped')
          }
          data-testid="import-stopped"
        >
          <Stack gap="xs" align="flex-start">
            {state.message && <Text size="sm">{state.message}</Text>}
            <Text size="sm">
              {t('integrations.import.kept', { line: formatCount(state.place?.nextLine ?? 1) })}
            </Text>
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => run(state.place)}
              disabled={!file}
            >
              {t('integrations.import.resume', {
                line: formatCount(state.place?.nextLine ?? 1),
              })}
            </Button>
          </Stack>
        </Alert>
      )}
      {state.step === 'stopped' && state.place && file && (
        <ImportReportView report={state.place.report} fileName={file.name} partial />
      )}
      {state.step === 'done' && (
        <ImportReportView report={state.report} fileName={state.fileName} />
      )}
    </SectionCard>
  );
}
