import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import {
  INTEGRATION_SCOPES,
  integrationKeyFormSchema,
  type IntegrationScope,
} from '@cabdesk/contract';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Popup, PopupActions } from '@/components/popup';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useCreateIntegrationKey } from '../api/integration-keys';

interface CreateKeyModalProps {
  opened: boolean;
  /** Changes on every opening, so the form starts afresh. */
  formKey: number;
  onClose: () => void;
}

/**
 * Make an integration key: a name and its scopes, then the key itself,
 * shown this once with a copy button. Closing forgets it.
 */
export function CreateKeyModal({ opened, formKey, onClose }: CreateKeyModalProps) {
  const { t } = useTranslation();
  const create = useCreateIntegrationKey();
  const [made, setMade] = useState<string | null>(null);
  const close = () => {
    if (create.isPending) return;
    setMade(null);
    onClose();
  };
  return (
    <Popup
      opened={opened}
      onClose={close}
      title={made ? t('integrations.madeTitle') : t('integrations.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {made ? (
        <ShownOnce secret={made} onDone={close} />
      ) : (
        <KeyForm
          key={formKey}
          pending={create.isPending}
          onCancel={close}
          onSubmit={(values, onError) =>
            create.mutate(values, { onSuccess: ({ data }) => setMade(data.key), onError })
          }
        />
      )}
    </Popup>
  );
}

type KeyFormValues = { name: string; scopes: IntegrationScope[] };

interface KeyFormProps {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: KeyFormValues, onError: (error: unknown) => void) => void;
}

function KeyForm({ pending, onCancel, onSubmit }: KeyFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(integrationKeyFormSchema, { name: '', scopes: [] } as KeyFormValues);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        onSubmit(values, (error) => form.showServerErrors(error, ['name', 'scopes'])),
      )}
    >
      <Stack gap="md">
        <TextInput
          label={t('integrations.name')}
          description={t('integrations.nameHint')}
          data-autofocus
          {...form.field('name')}
        />
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <Checkbox.Group
              label={t('integrations.scopes')}
              description={t('integrations.scopesHint')}
              value={field.value}
              onChange={(value) => {
                form.clearErrors('scopes');
                field.onChange(value as IntegrationScope[]);
              }}
              error={form.errorOf('scopes')}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                {INTEGRATION_SCOPES.map((scope) => (
                  <Checkbox key={scope} value={scope} label={<ScopeLabel scope={scope} />} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
        <PopupActions
          onCancel={onCancel}
          cancelLabel={t('common.cancel')}
          confirmLabel={t('integrations.create')}
          pending={pending}
        />
      </Stack>
    </form>
  );
}

/** A scope as the wire names it, with what it allows (its key without `:`, i18next's namespace separator). */
function ScopeLabel({ scope }: { scope: IntegrationScope }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm" ff="monospace" dir="ltr">
        {scope}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`integrations.scopeHints.${scope.replace(':', '_')}`)}
      </Text>
    </Stack>
  );
}

/** The new key, this once: copy it, then it is gone from the screen for good. */
function ShownOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        icon={<IconAlertTriangle size={18} />}
        title={t('integrations.onceTitle')}
      >
        {t('integrations.once')}
      </Alert>
      <Code
        block
        fz="sm"
        dir="ltr"
        data-testid="integration-key"
        style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
      >
        {secret}
      </Code>
      <Group justify="space-between">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t('integrations.copied') : t('integrations.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          {t('integrations.done')}
        </Button>
      </Group>
    </Stack>
  );
}
