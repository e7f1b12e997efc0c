import { Stack, Text, Title } from '@mantine/core';

/** The title of a card of My Profile and the line under it that says what it is for. */
export function CardHeading({ title, hint, id }: { title: string; hint: string; id?: string }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}
