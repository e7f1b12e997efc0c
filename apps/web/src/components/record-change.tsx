import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '@/lib/format';

/*
 * The words of an administrator action, one place for the audit log and a
 * record's History tab (issue 45): the action, each changed field and its
 * values in the reader's language, and the arrow pointing the way the
 * language reads.
 */

/** Fields whose values are words of Cabdesk (a status, a role), not someone's text. */
const WORD_FIELDS = new Set(['status', 'approval', 'ride_status', 'role', 'document', 'change']);

/** What an action is called: `status-update` -> "Changed a status". */
export const actionLabel = (t: TFunction, action: string) =>
  t(`audit.actions.${action}`, { defaultValue: action.replace(/[-_]/g, ' ') });

/** A changed field's name: `status_reason` -> "Reason for the status". */
const fieldLabel = (t: TFunction, field: string) =>
  t(`audit.fields.${field}`, { defaultValue: field.replace(/_/g, ' ') });

/** A value as read: Cabdesk's words translated, dates and times formatted, someone's text as written. */
function valueLabel(t: TFunction, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'audit.values.true' : 'audit.values.false');
  if (typeof value === 'string') {
    if (field === 'muted_kinds') return t(`notifications.kinds.${value}`, { defaultValue: value });
    if (WORD_FIELDS.has(field)) return t(`audit.values.${value}`, { defaultValue: value });
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(`${value}T00:00:00`);
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => valueLabel(t, field, item)).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === null || value === undefined
      ? {}
      : { value };

/** The fields an action changed, before and after (the reason is shown apart). */
function changesOf(before: unknown, after: unknown) {
  const from = fieldsOf(before);
  const to = fieldsOf(after);
  return [...new Set([...Object.keys(from), ...Object.keys(to)])]
    .filter((field) => field !== 'reason')
    .map((field) => ({ field, had: field in from, before: from[field], after: to[field] }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/** One changed field a line: "Status: Active → Inactive" ("الحالة: نشط ← غير نشط" in Arabic). */
export function RecordChange({
  before,
  after,
  size = 'sm',
}: {
  before: unknown;
  after: unknown;
  size?: 'xs' | 'sm';
}) {
  const { t, i18n } = useTranslation();
  const arrow = i18n.dir() === 'rtl' ? '←' : '→';
  const changes = changesOf(before, after);
  if (changes.length === 0) return null;
  return (
    <>
      {changes.map((change) => (
        <Text key={change.field} size={size} style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size={size}>
            {fieldLabel(t, change.field)}:
          </Text>{' '}
          {change.had
            ? `${valueLabel(t, change.field, change.before)} ${arrow} ${valueLabel(t, change.field, change.after)}`
            : valueLabel(t, change.field, change.after)}
        </Text>
      ))}
    </>
  );
}
