import '@mantine/core/styles/Kbd.layer.css';
import {
  CASE_ASSIGNERS,
  CASE_DEACTIVATORS,
  CASE_NOTE_KINDS,
  CASE_OUTCOMES,
  CASE_TRANSITIONS,
  getProfile,
  isOpenCase,
  type CaseDetail,
  type CaseNoteKind,
  type CaseOutcome,
  type CaseStatus,
} from '@cabdesk/contract';
import { Button, Group, Kbd, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryOf } from '@/lib/call';
import { useDeskKeys } from '@/hooks/use-desk-keys';
import { useUpdateCase } from '../api/update-case';

/** The key that moves a case to each status, as the review desk's A and R decide. */
const STATUS_KEYS: Partial<Record<CaseStatus, string>> = {
  Acknowledged: 'A',
  'In progress': 'P',
  Resolved: 'S',
  'False alarm': 'F',
};

/**
 * The Refund button of the case's trip, given what to do once the refund is
 * made (the page composes it from the money feature); absent for the roles
 * that may not refund.
 */
export type RefundAction = (rideId: number, onRefunded: (refundId: number) => void) => ReactNode;

/**
 * Working a case: the next statuses, taking or assigning it, the outcome and
 * a note for the log (a call made, authorities contacted). The outcome refund
 * opens the trip's refund and links the refund made. Keys: A acknowledge, P
 * in progress, S resolved, F false alarm, T take it, N write a note. What the
 * role may not do is not offered.
 */
export function CaseWork({ detail, refund }: { detail: CaseDetail; refund?: RefundAction }) {
  const { t } = useTranslation();
  const { data: me } = useQuery(queryOf(getProfile));
  const update = useUpdateCase();
  const item = detail.case;
  const [outcome, setOutcome] = useState<CaseOutcome | null>(item.outcome);
  const [noteKind, setNoteKind] = useState<CaseNoteKind>('note');
  const [note, setNote] = useState('');
  const noteField = useRef<HTMLTextAreaElement>(null);
  const open = isOpenCase(item.status);
  const next = CASE_TRANSITIONS[item.status];
  const mayAssign = me ? CASE_ASSIGNERS.includes(me.role) : false;
  const outcomes = CASE_OUTCOMES.filter(
    (o) =>
      o !== 'driver_deactivated' ||
      (item.driver !== null && me !== undefined && CASE_DEACTIVATORS.includes(me.role)),
  );

  const move = (status: CaseStatus) => {
    if (!next.includes(status) || update.isPending) return;
    update.mutate({
      id: item.id,
      status,
      ...(status === 'Resolved' && outcome !== item.outcome && outcome ? { outcome } : {}),
    });
  };
  const take = () => {
    if (me && item.assignee?.id !== me.id && open)
      update.mutate({ id: item.id, assignee_id: me.id });
  };

  useDeskKeys([
    ...Object.entries(STATUS_KEYS).map(
      ([status, key]) => [key, () => move(status as CaseStatus)] as [string, () => void],
    ),
    ['T', take],
    ['N', () => noteField.current?.focus()],
  ]);

  if (!open) {
    return (
      <Text size="sm" c="dimmed">
        {t('cases.closedHint', { status: t(`cases.status.${item.status}`) })}
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        {next.map((status) => (
          <Button
            key={status}
            size="sm"
            color={status === 'False alarm' ? 'gray' : status === 'Resolved' ? 'teal' : 'red'}
            variant={status === next[0] ? 'filled' : 'light'}
            disabled={status === 'Resolved' && outcome === null}
            loading={update.isPending && update.variables?.status === status}
            onClick={() => move(status)}
            rightSection={
              STATUS_KEYS[status] ? <Kbd size="xs">{STATUS_KEYS[status]}</Kbd> : undefined
            }
          >
            {t(`cases.move.${status}`)}
          </Button>
        ))}
      </Group>

      <Group gap="xs" align="flex-end" wrap="wrap">
        {mayAssign ? (
          <Select
            label={t('cases.assignee')}
            placeholder={t('cases.unassigned')}
            value={item.assignee ? String(item.assignee.id) : null}
            allowDeselect={false}
            w={220}
            data={detail.workers.map((w) => ({
              value: String(w.id),
              label: `${w.name} (${t(`roles.${w.role}`)})`,
            }))}
            onChange={(value) =>
              value && update.mutate({ id: item.id, assignee_id: Number(value) })
            }
          />
        ) : null}
        {me && item.assignee?.id !== me.id ? (
          <Button variant="default" onClick={take} rightSection={<Kbd size="xs">T</Kbd>}>
            {t('cases.take')}
          </Button>
        ) : null}
      </Group>

      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('cases.outcome')}
          placeholder={t('cases.noOutcome')}
          value={outcome}
          w={220}
          data={outcomes.map((o) => ({ value: o, label: t(`cases.outcomes.${o}`) }))}
          onChange={(value) => setOutcome(value as CaseOutcome | null)}
        />
        <Button
          variant="light"
          disabled={outcome === null || outcome === item.outcome || outcome === 'refund'}
          loading={
            update.isPending &&
            update.variables?.outcome !== undefined &&
            update.variables.status === undefined
          }
          onClick={() => outcome && update.mutate({ id: item.id, outcome })}
        >
          {t('cases.saveOutcome')}
        </Button>
      </Group>
      {outcome === 'refund' && outcome !== item.outcome ? (
        <RefundOutcome
          trip={detail.trip}
          refund={refund}
          onRefunded={(refundId) =>
            update.mutate({ id: item.id, outcome: 'refund', refund_id: refundId })
          }
        />
      ) : null}

      <Stack gap="xs">
        <Select
          label={t('cases.logWhat')}
          value={noteKind}
          allowDeselect={false}
          w={240}
          data={CASE_NOTE_KINDS.map((k) => ({ value: k, label: t(`cases.activity.${k}`) }))}
          onChange={(value) => value && setNoteKind(value as CaseNoteKind)}
        />
        <Textarea
          ref={noteField}
          label={t('cases.note')}
          autosize
          minRows={2}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t('cases.keys')}
          </Text>
          <Button
            variant="default"
            disabled={noteKind === 'note' && note.trim() === ''}
            loading={update.isPending && update.variables?.note_kind !== undefined}
            onClick={() =>
              update.mutate(
                {
                  id: item.id,
                  note_kind: noteKind,
                  ...(note.trim() === '' ? {} : { note: note.trim() }),
                },
                { onSuccess: () => setNote('') },
              )
            }
          >
            {t('cases.addToLog')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

/**
 * The outcome refund: the trip's Refund button, whose refund the case then
 * names; or why there is none (no trip, a trip not completed, a role that
 * may not refund).
 */
function RefundOutcome({
  trip,
  refund,
  onRefunded,
}: {
  trip: CaseDetail['trip'];
  refund: RefundAction | undefined;
  onRefunded: (refundId: number) => void;
}) {
  const { t } = useTranslation();
  const why = !trip
    ? t('cases.refundNoTrip')
    : trip.ride_status !== 'Complete'
      ? t('cases.refundNotCompleted')
      : !refund
        ? t('cases.refundNotAllowed')
        : null;
  if (why) {
    return (
      <Text size="sm" c="red" role="alert">
        {why}
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="wrap">
      {refund!(trip!.id, onRefunded)}
      <Text size="xs" c="dimmed" style={{ flex: '1 1 14rem' }}>
        {t('cases.refundHint')}
      </Text>
    </Group>
  );
}
