import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import {
  noteAdd,
  noteFormSchema,
  type AnnotatedTable,
  type HistoryEntry,
  type Note,
  type Paged,
} from '@cabdesk/contract';
import { Button, Group, Pagination, Paper, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { IconHistory, IconNotes } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/query-state';
import { useMay } from '@/hooks/use-may';
import { actionLabel, RecordChange } from '@/components/record-change';
import { formatDateTime } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useAddNote, useNotes, useRecordHistory } from '../api/notes';

interface RecordRef {
  table: AnnotatedTable;
  id: number;
}

/** A detail page's Notes and History tabs: internal notes, and every action on the record. */
export function RecordLog(record: RecordRef) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg">
      <Tabs defaultValue="notes" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="notes" leftSection={<IconNotes size={16} />}>
            {t('recordLog.notes')}
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
            {t('recordLog.history')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="notes" pt="md">
          <Notes {...record} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <History {...record} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

/** A paged list of entries, newest first, each under who and when. */
function Entries<T extends { id: number; created_at: string; admin: { name: string } | null }>({
  page,
  onPage,
  empty,
  children,
}: {
  page: Paged<T> | undefined;
  onPage: (page: number) => void;
  empty: string;
  children: (entry: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (!page) return <Loading />;
  if (page.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {page.data.map((entry) => (
        <Stack
          key={entry.id}
          gap={2}
          pb="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="xs" c="dimmed">
            {entry.admin?.name ?? t('recordLog.server')} · {formatDateTime(entry.created_at)}
          </Text>
          {children(entry)}
        </Stack>
      ))}
      {page.last_page > 1 ? (
        <Pagination size="sm" total={page.last_page} value={page.current_page} onChange={onPage} />
      ) : null}
    </Stack>
  );
}

function Notes({ table, id }: RecordRef) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const notes = useNotes({ table, id, page });
  const add = useAddNote({ table, id });
  const mayAdd = useMay().call(noteAdd);
  const submit = () => {
    const parsed = noteFormSchema.safeParse({ text });
    if (!parsed.success) return setError(translateMessage(parsed.error.issues[0]?.message ?? ''));
    add.mutate(parsed.data.text, {
      onSuccess: () => {
        setText('');
        setPage(1);
      },
    });
  };
  return (
    <Stack gap="md">
      {mayAdd ? (
        <Stack gap="xs">
          <Textarea
            label={t('recordLog.newNote')}
            autosize
            minRows={2}
            maxRows={6}
            value={text}
            error={error}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group justify="flex-end">
            <Button size="sm" loading={add.isPending} onClick={submit}>
              {t('recordLog.addNote')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      <Entries<Note> page={notes.data} onPage={setPage} empty={t('recordLog.noNotes')}>
        {(note) => (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.text}
          </Text>
        )}
      </Entries>
    </Stack>
  );
}

function History({ table, id }: RecordRef) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useRecordHistory({ table, id, page });
  return (
    <Entries<HistoryEntry> page={history.data} onPage={setPage} empty={t('recordLog.noHistory')}>
      {(entry) => (
        <>
          <Text size="sm" fw={600}>
            {actionLabel(t, entry.action)}
          </Text>
          <RecordChange before={entry.before} after={entry.after} />
          {entry.reason ? (
            <Text size="sm" fs="italic">
              {t('recordLog.reason', { reason: translateMessage(entry.reason) })}
            </Text>
          ) : null}
        </>
      )}
    </Entries>
  );
}
