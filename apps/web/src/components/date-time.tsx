import { formatDate, formatDateTime, formatFullTimestamp, formatTime } from '@/lib/format';

const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/**
 * A moment as the administrator reads it: SPEC's date and the time of day in
 * their time zone (Mar-05-2024 09:07 AM); the whole timestamp, seconds and
 * zone, on hover. `wrap`: the time may go under the date (a narrow column),
 * neither of them broken.
 */
export function DateTime({ value, wrap = false }: { value: string; wrap?: boolean }) {
  return (
    <time dateTime={value} title={formatFullTimestamp(value)} style={wrap ? undefined : ONE_LINE}>
      {wrap ? (
        <>
          <span style={ONE_LINE}>{formatDate(value)}</span>{' '}
          <span style={ONE_LINE}>{formatTime(value)}</span>
        </>
      ) : (
        formatDateTime(value)
      )}
    </time>
  );
}
