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
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Popup, PopupActions } from '@/components/popup';
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

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{t('webhooks.endpoints')}</Text>
        <Button onClick={() => setForm({ id: null, url: '', events: [] })}>
          {t('webhooks.add')}
        </Button>
      </Group>
      {/* On a phone the table scrolls inside its box, not the page. */}
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.url')}</Table.Th>
              <Table.Th>{t('webhooks.events')}</Table.Th>
              <Table.Th>{t('webhooks.enabled')}</Table.Th>
              <Table.Th>{t('webhooks.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {webhooks.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>{t('webhooks.none')}</Table.Td>
              </Table.Tr>
            )}
            {webhooks.data?.map((hook) => (
              <Table.Tr key={hook.id}>
                <Table.Td>
                  <Text size="sm">{hook.url}</Text>
                  {hook.disabled_reason && (
                    <Text size="xs" c="red">
                      {hook.disabled_reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {hook.events.map((event) => (
                      // A wire name, as the receiver reads it: its own case, never cut.
                      <Badge key={event} variant="light" size="sm" tt="none" miw="max-content">
                        {event}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('webhooks.enabledOf', { url: hook.url })}
                    checked={hook.enabled}
                    onChange={() => update.mutate({ id: hook.id, enabled: !hook.enabled })}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        setForm({ id: hook.id, url: hook.url, events: knownTypes(hook.events) })
                      }
                    >
                      {t('webhooks.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => test.mutate({ id: hook.id })}
                    >
                      {t('webhooks.sendTest')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={async () =>
                        setSecret((await rotate.mutateAsync({ id: hook.id })).data.secret)
                      }
                    >
                      {t('webhooks.rotate')}
                    </Button>
                    <Button size="xs" color="red" variant="light" onClick={() => setDeleting(hook)}>
                      {t('webhooks.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
