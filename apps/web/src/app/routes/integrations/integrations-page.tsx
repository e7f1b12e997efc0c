import { Button, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { useIntegrationKeys } from '@/features/integrations/api/integration-keys';
import { CreateKeyModal } from '@/features/integrations/components/create-key-modal';
import { IMPORT_CHUNK } from '@/features/integrations/api/import-chunks';
import { ImportPanel } from '@/features/integrations/components/import-panel';
import { KeyTable } from '@/features/integrations/components/key-table';

/** Settings -> Integrations (Owners): the keys the marketplace's backend calls Cabdesk with, and the import of a marketplace's records. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const keys = useIntegrationKeys();
  const [form, setForm] = useState({ opened: false, key: 0 });
  // `?import_rows=N`: smaller parts than IMPORT_CHUNK's (a walk shows a many-part import with a small file).
  const rows = Number(useSearchParams()[0].get('import_rows'));
  const chunk =
    Number.isInteger(rows) && rows > 0 && rows < IMPORT_CHUNK.rows
      ? { ...IMPORT_CHUNK, rows }
      : undefined;
  return (
    <Stack gap="lg">
      <PageTitle
        title={t('pages.integrations')}
        actions={
          <Button
            leftSection={<IconKey size={18} />}
            onClick={() => setForm((current) => ({ opened: true, key: current.key + 1 }))}
          >
            {t('integrations.create')}
          </Button>
        }
      />
      <Text size="sm" c="dimmed" maw={760}>
        {t('integrations.intro')}
      </Text>
      <KeyTable keys={keys.data?.keys} loading={keys.isFetching} />
      <ImportPanel chunk={chunk} />
      <CreateKeyModal
        opened={form.opened}
        formKey={form.key}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}
