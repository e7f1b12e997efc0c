import { Anchor, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PageTitleProps {
  title: string;
  /** A link back to the list a detail page belongs to. */
  back?: { to: string; label: string };
  actions?: ReactNode;
}

export function PageTitle({ title, back, actions }: PageTitleProps) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Group gap="sm" align="center">
        {back ? (
          <Anchor component={Link} to={back.to} aria-label={back.label} c="dimmed" display="flex">
            {/* Points back: to the right in a right-to-left page. */}
            <IconArrowLeft size={20} className="mantine-rotate-rtl" />
          </Anchor>
        ) : null}
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      {actions}
    </Group>
  );
}
