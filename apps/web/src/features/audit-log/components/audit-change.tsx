import { Code, Stack, Text } from '@mantine/core';

const shown = (value: unknown) =>
  value === undefined || value === null
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === null || value === undefined
      ? {}
      : { value };

/** Before -> after, one changed field a line (`status: Active → Inactive`). */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const from = fieldsOf(before);
  const to = fieldsOf(after);
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  if (keys.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2}>
      {keys.map((key) => (
        <Text key={key} size="xs">
          <Code fz="xs">{key}</Code> {key in from ? `${shown(from[key])} → ` : ''}
          {shown(to[key])}
        </Text>
      ))}
    </Stack>
  );
}
