import { formatDateTime, formatFullTimestamp } from '@/lib/format';

/**
 * A moment as the administrator reads it: SPEC's date and the time of day in
 * their time zone (Mar-05-2024 09:07 AM); the whole timestamp, seconds and
 * zone, on hover.
 */
export function DateTime({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatFullTimestamp(value)} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(value)}
    </time>
  );
}
