import '@mantine/core/styles/Kbd.layer.css';
import { type RecordDocument, type ReviewKind } from '@cabdesk/contract';
import { Button, Kbd, Stack, Text, TextInput, useComputedColorScheme } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkReason, RejectReason } from '@/components/reject-reason';
import classes from './review.module.css';

/** What the reviewer decided: a rejection carries its reason, an approval the expiry dates. */
export type Chosen =
  | { approval: 'Approved'; expiresOn: Record<string, string> }
  | { approval: 'Rejected'; reason: string };

/** What the review screen's keys do to the panel. */
export interface DecisionHandle {
  approve: () => void;
  reject: () => void;
}

interface DecisionPanelProps {
  kind: ReviewKind;
  documents: RecordDocument[];
  pending: boolean;
  onDecide: (chosen: Chosen) => void;
}

/**
 * The decision: the expiry date of each document that expires (required to
 * approve), Approve (A), and Reject (R) with a reason (required).
 */
export const DecisionPanel = forwardRef<DecisionHandle, DecisionPanelProps>(function DecisionPanel(
  { kind, documents, pending, onDecide },
  ref,
) {
  const { t } = useTranslation();
  // Red 9 outlined on the dark page reads at 2.8:1: the dark scheme takes a light red (WCAG AA).
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const expiring = documents.filter((doc) => doc.expires);
  const [dates, setDates] = useState<Record<string, string>>(() =>
    Object.fromEntries(expiring.map((doc) => [doc.document, doc.expires_on ?? ''])),
  );
  const [dateErrors, setDateErrors] = useState<Record<string, string>>({});
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const dateInputs = useRef<Record<string, HTMLInputElement | null>>({});
  const reasonInput = useRef<HTMLTextAreaElement>(null);

  const approve = () => {
    if (pending) return;
    const missing = expiring.filter((doc) => !dates[doc.document]);
    if (missing.length > 0) {
      setDateErrors(
        Object.fromEntries(missing.map((doc) => [doc.document, t('review.expiryRequired')])),
      );
      dateInputs.current[missing[0]!.document]?.focus();
      return;
    }
    onDecide({ approval: 'Approved', expiresOn: dates });
  };
  const reject = () => {
    if (pending) return;
    if (!rejecting) {
      setRejecting(true);
      // The reason's field appears with this render; focus it once it is there.
      setTimeout(() => reasonInput.current?.focus());
      return;
    }
    const checked = checkReason(reason);
    if ('error' in checked) {
      setReasonError(checked.error);
      reasonInput.current?.focus();
      return;
    }
    onDecide({ approval: 'Rejected', reason: checked.reason });
  };
  useImperativeHandle(ref, () => ({
    approve,
    reject: () => (rejecting ? reasonInput.current?.focus() : reject()),
  }));

  return (
    <Stack gap="md" data-testid="decision-panel">
      {expiring.length > 0 ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('review.expiryTitle')}
          </Text>
          {expiring.map((doc) => (
            <TextInput
              key={doc.document}
              ref={(input) => {
                dateInputs.current[doc.document] = input;
              }}
              type="date"
              label={t('review.expiresOn', { document: t(`documents.kind.${doc.document}`) })}
              value={dates[doc.document] ?? ''}
              error={dateErrors[doc.document]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDates((current) => ({ ...current, [doc.document]: value }));
                setDateErrors(({ [doc.document]: _, ...rest }) => rest);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') approve();
              }}
            />
          ))}
        </Stack>
      ) : null}
      {rejecting ? (
        <Stack gap="xs">
          <RejectReason
            kind={kind}
            value={reason}
            error={reasonError}
            inputRef={reasonInput}
            onChange={(text) => {
              setReason(text);
              setReasonError(undefined);
            }}
            onSubmit={reject}
          />
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Button
          color="teal.9"
          fullWidth
          leftSection={<IconCheck size={16} />}
          rightSection={
            <Kbd size="xs" className={classes.keyHint}>
              A
            </Kbd>
          }
          loading={pending}
          onClick={approve}
        >
          {t('approval.approve')}
        </Button>
        <Button
          color={!rejecting && dark ? 'red.4' : 'red.9'}
          fullWidth
          variant={rejecting ? 'filled' : 'outline'}
          leftSection={<IconX size={16} />}
          rightSection={
            <Kbd size="xs" className={classes.keyHint}>
              R
            </Kbd>
          }
          loading={pending}
          onClick={reject}
        >
          {rejecting ? t('review.confirmReject') : t('approval.reject')}
        </Button>
      </Stack>
    </Stack>
  );
});
