import '@mantine/core/styles/Avatar.layer.css';
import { Avatar, Box, Group, Stack, Text, Title, type AvatarProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshImageUrl } from '@/lib/expired-images';
import { ActiveBadge } from './status-badge';

interface PersonCellProps {
  name: string;
  image?: string | null;
  /** A second line under the name (gender, owner). */
  detail?: string | null;
}

/**
 * A person's or company's picture (a signed upload URL): initials when there is
 * none, or while an expired URL has the page's data fetched again with fresh ones.
 */
function PersonAvatar({
  name,
  src,
  decorative = false,
  ...props
}: {
  name: string;
  src: string | null | undefined;
  /** The name is written beside it: the picture adds nothing to read out. */
  decorative?: boolean;
} & Pick<AvatarProps, 'size' | 'radius'>) {
  const queryClient = useQueryClient();
  return (
    <Avatar
      src={src ?? null}
      alt={decorative ? '' : name}
      name={name}
      color="initials"
      // The initials in the page's text colour: some name colours (lime, yellow) fall below
      // WCAG AA on their own pale tint.
      styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
      imageProps={{ onError: () => refreshImageUrl(queryClient, src) }}
      {...props}
    />
  );
}

/** A person or company in a table: picture, name and an optional second line. */
export function PersonCell({ name, image, detail }: PersonCellProps) {
  return (
    <Group gap="sm" wrap="nowrap" miw={150}>
      <PersonAvatar src={image} name={name} radius="xl" size={36} decorative />
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/** Phone over e-mail. */
export function ContactCell({ phone, email }: { phone: string | null; email: string | null }) {
  return (
    <Stack gap={0} miw={0}>
      {/* Left to right on an Arabic page too: "+1 555 0101", not "0101 555 1+". */}
      <Text size="sm">{phone ? <span dir="ltr">{phone}</span> : '—'}</Text>
      <Text size="xs" c="dimmed">
        <Email address={email} />
      </Text>
    </Stack>
  );
}

/**
 * An e-mail address on one line, never broken inside (issue 45): where its
 * column or card is too narrow it is cut with an ellipsis, the whole address
 * on hover (title), rather than scroll sideways; isolated (<bdi>) so that a
 * right-to-left page does not reorder its pieces.
 */
export function Email({ address }: { address: string | null }) {
  if (!address) return null;
  return (
    <ShrinkToFit>
      <Text component="bdi" inherit truncate="end" title={address} data-testid="email">
        {address}
      </Text>
    </ShrinkToFit>
  );
}

/**
 * Lets one line of text cut with an ellipsis give its table column room: a
 * grid track from `min` pixels to the text's width, so the column is as wide
 * as the text where there is room, and narrower, the text cut, where there is not.
 */
export function ShrinkToFit({ children, min = 0 }: { children: ReactNode; min?: number }) {
  return (
    <Box
      component="span"
      display="grid"
      style={{ gridTemplateColumns: `minmax(min(${min}px, 100%), auto)` }}
    >
      {children}
    </Box>
  );
}

/** A person at the head of their detail page: picture, name and status, the details beside. */
export function PersonProfile({
  person,
  children,
}: {
  person: { name: string; profile: string | null; status: string };
  children: ReactNode;
}) {
  return (
    <Group gap="lg" align="flex-start" wrap="nowrap">
      <PersonAvatar src={person.profile} name={person.name} size={88} radius="md" />
      <Stack gap="md" style={{ flex: 1 }} miw={0}>
        <Group gap="sm">
          <Title order={3} size="h3">
            {person.name}
          </Title>
          <ActiveBadge status={person.status} />
        </Group>
        {children}
      </Stack>
    </Group>
  );
}
