import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { WEBHOOK_EVENT_TYPES, type Webhook, type WebhookEventType } from '@cabdesk/contract';
import {
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type Column } from '@/components/data-table';
import { Popup, PopupActions } from '@/components/popup';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';

type Form = { id: number | null; url: string; events: WebhookEventType[] };

/** The event types of an endpoint that this app knows. */
const knownTypes = (events: string[]) =>
  WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));

/** The endpoints: create, edit (URL, events, enabled), delete, test, rotate the secret. */
export function WebhookEndpoints() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const rotate = useRotateSecret();
  const [form, setForm] = useState<Form | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const save = async (value: Form) => {
    if (value.id === null) {
      const answer = await create.mutateAsync({ url: value.url, events: value.events });
      setSecret(answer.data.secret);
    } else {
      await update.mutateAsync({ id: value.id, url: value.url, events: value.events });
    }
    setForm(null);
  };

  // One page, in the lists' frame (no search, sort or pager: a desk has a handful of endpoints).
  const table = useTableUrlState({ list: 'webhook-endpoints', prefix: 'endpoint_' });
  const columns: Column<Webhook>[] = [
    {
      key: 'url',
      header: t('webhooks.url'),
      card: 'title',
      render: (hook) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
            {hook.url}
          </Text>
          {hook.disabled_reason && (
            <Text size="xs" c="red">
              {hook.disabled_reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'events',
      header: t('webhooks.events'),
      render: (hook) => (
        <Group gap={4}>
          {hook.events.map((event) => (
            // A wire name, as the receiver reads it: its own case, never cut.
            <Badge key={event} variant="light" size="sm" tt="none" miw="max-content" dir="ltr">
              {event}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'enabled',
      header: t('webhooks.enabled'),
      nowrap: true,
      render: (hook) => (
        <Switch
          aria-label={t('webhooks.enabledOf', { url: hook.url })}
          checked={hook.enabled}
          onChange={() => update.mutate({ id: hook.id, enabled: !hook.enabled })}
        />
      ),
    },
    {
      key: 'actions',
      header: t('webhooks.actions'),
      card: 'actions',
      render: (hook) => (
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => setForm({ id: hook.id, url: hook.url, events: knownTypes(hook.events) })}
          >
            {t('webhooks.edit')}
          </Button>
          <Button size="xs" variant="default" onClick={() => test.mutate({ id: hook.id })}>
            {t('webhooks.sendTest')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={async () => setSecret((await rotate.mutateAsync({ id: hook.id })).data.secret)}
          >
            {t('webhooks.rotate')}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setDeleting(hook)}>
            {t('webhooks.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('webhooks.endpoints')}
        </Title>
        <Button onClick={() => setForm({ id: null, url: '', events: [] })}>
          {t('webhooks.add')}
        </Button>
      </Group>
      <DataTable
        label={t('webhooks.endpoints')}
        columns={columns}
        rowKey={(hook) => hook.id}
        rows={webhooks.data}
        loading={webhooks.isFetching}
        error={webhooks.error}
        onRetry={() => void webhooks.refetch()}
        table={table}
        noun={(count) => t('nouns.webhook', { count })}
        searchable={false}
        minWidth={760}
      />
      {form && (
        <EndpointForm
          value={form}
          pending={create.isPending || update.isPending}
          onSave={save}
          onClose={() => setForm(null)}
        />
      )}
      <Popup opened={secret !== null} onClose={() => setSecret(null)} title={t('webhooks.secret')}>
        <Stack>
          <Text size="sm">{t('webhooks.secretOnce')}</Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {secret}
          </Code>
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button onClick={copy} color={copied ? 'teal' : 'indigo'}>
                {copied ? t('webhooks.copied') : t('webhooks.copy')}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Popup>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('webhooks.deleteTitle')}
        message={t('webhooks.deleteMessage', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        color="red"
        loading={remove.isPending}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync({ id: deleting.id });
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** The URL and the events of a new or existing endpoint. */
function EndpointForm(props: {
  value: Form;
  pending: boolean;
  onSave: (value: Form) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(props.value.url);
  const [events, setEvents] = useState(props.value.events);
  return (
    <Popup
      opened
      onClose={props.onClose}
      title={props.value.id === null ? t('webhooks.add') : t('webhooks.edit')}
    >
      <Stack>
        <TextInput
          label={t('webhooks.url')}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <Checkbox.Group
          label={t('webhooks.events')}
          value={events}
          onChange={(value) => setEvents(knownTypes(value))}
        >
          <Stack gap={4} mt={4}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`webhooks.types.${type}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <PopupActions
          cancelLabel={t('confirm.cancel')}
          confirmLabel={t('webhooks.save')}
          pending={props.pending}
          onCancel={props.onClose}
          onConfirm={() => props.onSave({ id: props.value.id, url, events })}
        />
      </Stack>
    </Popup>
  );
}
