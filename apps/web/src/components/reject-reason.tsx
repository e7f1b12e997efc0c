import '@mantine/core/styles/Chip.layer.css';
import { rejectFormSchema, type ReviewKind } from '@cabdesk/contract';
import { Chip, Group, Stack, Textarea } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';
import classes from './reject-reason.module.css';

/** The usual reasons to reject each kind of record (translation keys under `reasons.`). */
const CATALOGUE: Record<ReviewKind, readonly string[]> = {
  company: ['licenceUnreadable', 'licenceExpired', 'namesDiffer', 'documentsMissing'],
  driver: ['licenceUnreadable', 'licenceExpired', 'photoMismatch', 'documentsMissing'],
  vehicle: ['registrationUnreadable', 'registrationExpired', 'insuranceMissing', 'plateMismatch'],
};

/** The reason typed, checked as Cabdesk's screens require it ("Please enter a reason."). */
export function checkReason(text: string): { reason: string } | { error: string } {
  const parsed = rejectFormSchema.safeParse({ reason: text });
  return parsed.success
    ? { reason: parsed.data.reason }
    : { error: translateMessage(parsed.error.issues[0]?.message ?? '') };
}

interface RejectReasonProps {
  kind: ReviewKind;
  value: string;
  onChange: (text: string) => void;
  error?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
  autoFocus?: boolean;
  /** Enter sends the rejection (Shift+Enter starts a new line). */
  onSubmit?: () => void;
}

/** Why a record is rejected: a usual reason of its kind, picked, or free text. */
export function RejectReason({
  kind,
  value,
  onChange,
  error,
  inputRef,
  autoFocus,
  onSubmit,
}: RejectReasonProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group gap={6} role="group" aria-label={t('reasons.usual')}>
        {CATALOGUE[kind].map((key) => {
          const text = t(`reasons.${key}`);
          return (
            <Chip
              key={key}
              size="xs"
              variant="outline"
              classNames={{ root: classes.chip, label: classes.chipLabel }}
              checked={value === text}
              onChange={() => onChange(text)}
            >
              {text}
            </Chip>
          );
        })}
      </Group>
      <Textarea
        ref={inputRef}
        label={t('reasons.label')}
        placeholder={t('reasons.placeholder')}
        autosize
        minRows={2}
        maxRows={5}
        value={value}
        error={error}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (onSubmit && event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            onSubmit();
          }
        }}
      />
    </Stack>
  );
}
