import '@mantine/core/styles/List.layer.css';
import {
  bulkAction,
  REVIEW_RECORDS_MAX,
  type BulkAction,
  type BulkActionBody,
  type BulkResult,
  type ReviewKind,
} from '@cabdesk/contract';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deskOf } from '@/components/approval-actions';
import { Popup, PopupActions } from '@/components/popup';
import { checkReason, RejectReason } from '@/components/reject-reason';
import { mutationOf } from '@/lib/call';
import { formatCount } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { selectedCount, type Selection } from './selection';

/** What a list offers to do to many of its rows at once. */
export interface BulkOptions<T> {
  table: BulkActionBody['table'];
  actions: readonly BulkAction[];
  /** Who or what a row is, for the result ("Ann Lee", "AB-123"). */
  nameOf: (row: T) => string;
  /** What the rows are: the usual reasons to reject them. */
  kind?: ReviewKind;
  /** The list call's filters, as bulk-action's `filter` ("all matching"). */
  filter: Record<string, unknown>;
}

const COLORS: Record<BulkAction, string> = {
  approve: 'teal',
  reject: 'red',
  activate: 'indigo',
  deactivate: 'gray',
};

interface SelectionBarProps {
  selection: Selection;
  /** Rows on this page, and rows matching the filter. */
  pageCount: number;
  total: number;
  /** Every row of the page is picked. */
  pageAll: boolean;
  noun: (count: number) => string;
  actions: readonly BulkAction[];
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
}

/**
 * Above the rows while any is selected (in the flow, so it covers none): how
 * many, the offer to select every row matching the filter, and the actions.
 */
export function SelectionBar({
  selection,
  pageCount,
  total,
  pageAll,
  noun,
  actions,
  onSelectAll,
  onClear,
  onAction,
}: SelectionBarProps) {
  const { t } = useTranslation();
  const count = selectedCount(selection, total);
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-indigo-light)">
      <Stack gap="xs">
        {selection.all ? (
          <Text size="sm" data-testid="selection-banner">
            {t('bulk.allMatching', { count: total, total: formatCount(total), noun: noun(total) })}{' '}
            <Anchor component="button" size="sm" onClick={onClear}>
              {t('bulk.clear')}
            </Anchor>
          </Text>
        ) : pageAll && total > pageCount ? (
          <Text size="sm" data-testid="selection-banner">
            {t('bulk.allOnPage', { count: pageCount })}{' '}
            <Anchor component="button" size="sm" fw={600} onClick={onSelectAll}>
              {t('bulk.selectAllMatching', { total: formatCount(total), count: total })}
            </Anchor>
          </Text>
        ) : null}
        <Group gap="xs" justify="space-between" wrap="wrap" data-testid="bulk-bar">
          <Text size="sm" fw={600} role="status">
            {t('bulk.selected', { count, total: formatCount(count) })}
          </Text>
          <Group gap="xs" wrap="wrap">
            {actions.map((action) => (
              <Button
                key={action}
                size="xs"
                color={COLORS[action]}
                variant={action === 'reject' || action === 'deactivate' ? 'light' : 'filled'}
                onClick={() => onAction(action)}
              >
                {t(`bulk.actions.${action}`)}
              </Button>
            ))}
            <Button size="xs" variant="subtle" onClick={onClear}>
              {t('bulk.clear')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

interface BulkDialogProps {
  action: BulkAction | null;
  selection: Selection;
  total: number;
  noun: (count: number) => string;
  options: Pick<BulkOptions<unknown>, 'table' | 'kind' | 'filter'>;
  /** Closed: after a result, the selection is cleared. */
  onClose: (finished: boolean) => void;
}

/**
 * Asks before a bulk action, stating how many rows it changes (and, to
 * reject, the one reason for all); then shows what the server did: changed,
 * already so, failed (with who and why). Approving goes through the review
 * desk, which asks each record's documents and expiry dates: the dialog
 * opens it on the rows picked (on the whole queue of their kind past what
 * one link names).
 */
export function BulkDialog({ action, selection, total, noun, options, onClose }: BulkDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const run = useMutation({
    ...mutationOf(bulkAction),
    // Every list, count and detail may show one of the records changed.
    onSettled: () => queryClient.invalidateQueries(),
  });
  const count = selectedCount(selection, total);
  const result = run.data?.data;

  const close = () => {
    const finished = result !== undefined;
    setReason('');
    setReasonError(undefined);
    run.reset();
    onClose(finished);
  };
  const confirm = () => {
    if (!action) return;
    let given: string | undefined;
    if (action === 'reject') {
      const checked = checkReason(reason);
      if ('error' in checked) return setReasonError(checked.error);
      given = checked.reason;
    }
    const target = selection.all
      ? { filter: options.filter }
      : { ids: [...selection.picked.keys()] };
    run.mutate({ action, table: options.table, reason: given, ...target } as BulkActionBody);
  };

  return (
    <Popup
      opened={action !== null}
      onClose={run.isPending ? () => undefined : close}
      title={action ? t(`bulk.title.${action}`, { count, noun: noun(count) }) : ''}
      withCloseButton={false}
    >
      {result ? (
        <BulkSummary result={result} names={selection.picked} onClose={close} />
      ) : action === 'approve' && options.kind ? (
        <Stack gap="lg">
          <Text>{t('bulk.approveOnDesk', { count })}</Text>
          <PopupActions
            cancelLabel={t('confirm.cancel')}
            confirmLabel={t('bulk.openDesk')}
            color={COLORS.approve}
            pending={false}
            onCancel={close}
            onConfirm={() => {
              const { kind } = options;
              if (!kind) return;
              const ids = [...selection.picked.keys()];
              close();
              void navigate(
                selection.all || ids.length > REVIEW_RECORDS_MAX
                  ? `/review?kind=${kind}`
                  : deskOf(ids.map((id) => ({ kind, id }))),
              );
            }}
          />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Text>{t('bulk.confirm', { count, total: formatCount(count), noun: noun(count) })}</Text>
          {action === 'reject' && options.kind ? (
            <RejectReason
              kind={options.kind}
              value={reason}
              onChange={(text) => {
                setReason(text);
                setReasonError(undefined);
              }}
              error={reasonError}
              autoFocus
            />
          ) : null}
          <PopupActions
            cancelLabel={t('confirm.cancel')}
            confirmLabel={action ? t(`bulk.actions.${action}`) : ''}
            color={action ? COLORS[action] : undefined}
            pending={run.isPending}
            onCancel={close}
            onConfirm={confirm}
          />
        </Stack>
      )}
    </Popup>
  );
}

/** What the server did, counted, with the rows that failed named and why. */
function BulkSummary({
  result,
  names,
  onClose,
}: {
  result: BulkResult;
  names: ReadonlyMap<number, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;
  return (
    <Stack gap="md" data-testid="bulk-result">
      <List spacing={4}>
        <List.Item>{t('bulk.done', { count: result.done.length })}</List.Item>
        <List.Item>{t('bulk.skipped', { count: result.skipped.length })}</List.Item>
        <List.Item>{t('bulk.failed', { count: result.failed.length })}</List.Item>
      </List>
      {result.failed.length > 0 ? (
        <Alert color="red" variant="light" title={t('bulk.failedTitle')}>
          <List size="sm" spacing={2}>
            {result.failed.map((failure) => (
              <List.Item key={failure.id}>
                {nameOf(failure.id)}: {translateMessage(failure.message)}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {result.skipped.length > 0 && names.size > 0 ? (
        <Text size="sm" c="dimmed">
          {t('bulk.skippedNames', { names: result.skipped.map(nameOf).join(', ') })}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('bulk.close')}
        </Button>
      </Group>
    </Stack>
  );
}
