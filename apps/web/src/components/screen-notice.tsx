import { Anchor, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ScreenNoticeProps {
  icon: ReactNode;
  title: string;
  /** The status or message under the title ("404 Not Found"). */
  status?: string;
  hint: string;
  /** The way on: a link's text and address. */
  link: { label: string; to: string };
  /** Outside the shell: centred on the whole window. */
  standalone?: boolean;
}

/** A screen that cannot be shown (an error, a role's refusal): what happened and a way on. */
export function ScreenNotice({ icon, title, status, hint, link, standalone }: ScreenNoticeProps) {
  const body = (
    <Paper withBorder radius="md" p="xl" maw={560} w="100%">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon variant="light" color="red" size="xl" radius="xl" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        {status ? (
          <Text fw={600} size="lg">
            {status}
          </Text>
        ) : null}
        <Text c="dimmed">{hint}</Text>
        <Anchor component={Link} to={link.to} fw={600}>
          {link.label}
        </Anchor>
      </Stack>
    </Paper>
  );
  if (!standalone) return body;
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-light)">
      {body}
    </Center>
  );
}
