import type { AnyEndpoint } from '@cabdesk/contract';
import { Button, Group, Loader, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { fetchCsv, saveFile } from '@/lib/csv-download';
import { formatCount } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { toastError } from '@/lib/toast';

/** A list's call and what it is asked now (its filters, sort and search). */
export interface ListSource {
  endpoint: AnyEndpoint;
  input: Record<string, unknown>;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Export: the whole list as the screen filters and sorts it, streamed as CSV.
 * While it runs the rows so far are shown with Cancel; then the file is saved
 * under the server's name. A refusal is toasted once; a cancel says nothing.
 */
export function ExportButton({ source }: { source: ListSource }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);

  // Leaving the screen cancels a running export.
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setRows(0);
    try {
      const file = await fetchCsv(source.endpoint, source.input, {
        signal: controller.signal,
        onRows: setRows,
      });
      saveFile(file);
    } catch (error) {
      if (!isAbort(error)) toastError(translateMessage(errorMessage(error)));
    } finally {
      if (running.current === controller) {
        running.current = null;
        setRows(null);
      }
    }
  };

  if (rows === null) {
    return (
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={() => void start()}
      >
        {t('export.button')}
      </Button>
    );
  }
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid="export-progress">
      <Group gap="sm" wrap="nowrap">
        <Loader size={16} aria-hidden />
        <Text size="sm" role="status" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {t('export.progress', { rows: formatCount(rows), count: rows })}
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={() => running.current?.abort()}>
          {t('export.cancel')}
        </Button>
      </Group>
    </Paper>
  );
}
