import '@mantine/core/styles/Table.layer.css';
import {
  DOCUMENT_EXPIRED_REASON,
  documentUpdate,
  type AdminRef,
  type ExpiringDocument,
  type RecordDocument,
} from '@cabdesk/contract';
import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCalendarEvent, IconGavel } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, PopupActions } from '@/components/popup';
import { useMay } from '@/hooks/use-may';
import { formatDate } from '@/lib/format';
import { useUpdateDocument } from '../api/update-document';

interface Decided {
  approval: string;
  approval_reason: string | null;
  approval_decided_at: string | null;
  approval_decided_by: AdminRef | null;
}

/** A decided record's last decision on its detail page: who, when, and why. */
export function DecisionFacts({ record }: { record: Decided }) {
  const { t } = useTranslation();
  if (record.approval === 'Pending' || !record.approval_decided_at) return null;
  return (
    <Alert
      variant="light"
      color={record.approval === 'Rejected' ? 'red' : 'teal'}
      icon={<IconGavel size={18} />}
      title={t('decision.title', {
        approval: t(`approval.${record.approval}`),
        name: record.approval_decided_by?.name ?? t('recordLog.server'),
        date: formatDate(record.approval_decided_at),
      })}
    >
      {record.approval_reason
        ? t('decision.reason', { reason: record.approval_reason })
        : t('decision.noReason')}
    </Alert>
  );
}

/** Days from today (UTC) to `day` (`YYYY-MM-DD`); negative once past. */
const daysUntil = (day: string) => {
  const today = new Date().toISOString().slice(0, 10);
  return Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);
};

/** A record's documents that expire, when, and a way to enter the renewed date. */
export function DocumentExpiries({
  table,
  id,
  documents,
  statusReason,
}: {
  table: 'users' | 'vehicles';
  id: number;
  documents: RecordDocument[];
  /** "Document expired" when the daily check made the record Inactive. */
  statusReason?: string | null;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<RecordDocument | null>(null);
  const mayEdit = useMay().call(documentUpdate);
  const expiring = documents.filter((doc) => doc.expires);
  if (expiring.length === 0) return null;
  return (
    <Stack gap="xs">
      {/* Only the daily check's reason is undone by a renewed date; an administrator's shows with the switch. */}
      {statusReason === DOCUMENT_EXPIRED_REASON ? (
        <Alert color="orange" variant="light">
          {t('documents.inactiveBecause', { reason: statusReason })}
        </Alert>
      ) : null}
      <Table withTableBorder verticalSpacing={6}>
        <Table.Tbody>
          {expiring.map((doc) => {
            const days = doc.expires_on ? daysUntil(doc.expires_on) : null;
            return (
              <Table.Tr key={doc.document}>
                <Table.Td>{t(`documents.kind.${doc.document}`)}</Table.Td>
                <Table.Td>
                  {doc.expires_on ? (
                    <Group gap="xs">
                      <Text size="sm">{formatDate(doc.expires_on)}</Text>
                      {days !== null && days <= 30 ? (
                        <Badge color={days <= 0 ? 'red' : 'orange'} variant="light">
                          {days <= 0
                            ? t('documents.expired')
                            : t('documents.daysLeft', { count: days })}
                        </Badge>
                      ) : null}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('documents.noExpiry')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {mayEdit ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconCalendarEvent size={14} />}
                      onClick={() => setEditing(doc)}
                      aria-label={t('documents.editName', {
                        document: t(`documents.kind.${doc.document}`),
                      })}
                    >
                      {t('documents.edit')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {editing ? (
        <ExpiryForm table={table} id={id} document={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}

function ExpiryForm({
  table,
  id,
  document,
  onClose,
}: {
  table: 'users' | 'vehicles';
  id: number;
  document: RecordDocument;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateDocument();
  const [value, setValue] = useState(document.expires_on ?? '');
  const [error, setError] = useState<string>();
  const name = t(`documents.kind.${document.document}`);
  return (
    <Popup
      opened
      onClose={update.isPending ? () => undefined : onClose}
      title={t('documents.editName', { document: name })}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!value) return setError(t('review.expiryRequired'));
          update.mutate(
            { table, id, document: document.document as ExpiringDocument, expires_on: value },
            { onSuccess: onClose },
          );
        }}
      >
        <TextInput
          type="date"
          label={t('review.expiresOn', { document: name })}
          value={value}
          error={error}
          data-autofocus
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <PopupActions
          mt="lg"
          cancelLabel={t('confirm.cancel')}
          confirmLabel={t('documents.save')}
          pending={update.isPending}
          onCancel={onClose}
        />
      </form>
    </Popup>
  );
}
