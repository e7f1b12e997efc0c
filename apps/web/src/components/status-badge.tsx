import { Badge, darken, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A light badge whose text is a darkened shade of its colour (a pale one in
 * dark mode), so that every colour (yellow included) keeps a WCAG AA contrast
 * on its tinted background.
 */
export function ToneBadge({
  color,
  label,
  testId,
}: {
  color: string;
  label: string;
  testId?: string;
}) {
  const theme = useMantineTheme();
  const shades = theme.colors[color] ?? theme.colors.gray;
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  return (
    <Badge
      color={color}
      variant="light"
      c={dark ? shades[2] : darken(shades[9], 0.35)}
      miw="max-content"
      data-testid={testId}
    >
      {label}
    </Badge>
  );
}

/**
 * The colour of each word of a vocabulary (gray for one not listed) and the
 * test id of its badge. SPEC 4's trip states: Pending "Pending", Accept
 * "Accepted", Start "Start", End "End", Complete "Completed", Cancel "Cancelled".
 */
const VOCABULARIES: Record<string, { colors: Record<string, string>; testId?: string }> = {
  approval: {
    colors: { Pending: 'yellow', Approved: 'teal', Rejected: 'red' },
    testId: 'approval-badge',
  },
  rideStatus: {
    colors: {
      Pending: 'yellow',
      Accept: 'blue',
      Start: 'indigo',
      End: 'grape',
      Complete: 'teal',
      Cancel: 'red',
    },
    testId: 'ride-status',
  },
  activeStatus: { colors: { Active: 'teal' } },
};

/** A word of the wire's vocabulary, translated, in its colour. */
function VocabularyBadge({ vocabulary, value }: { vocabulary: string; value: string }) {
  const { t } = useTranslation();
  const { colors, testId } = VOCABULARIES[vocabulary] ?? { colors: {} };
  return (
    <ToneBadge
      color={colors[value] ?? 'gray'}
      label={t(`${vocabulary}.${value}`, { defaultValue: value })}
      testId={testId}
    />
  );
}

/** Pending, Approved or Rejected. */
export function ApprovalBadge({ approval }: { approval: string }) {
  return <VocabularyBadge vocabulary="approval" value={approval} />;
}

/** One of SPEC 4's trip states. */
export function RideStatusBadge({ status }: { status: string }) {
  return <VocabularyBadge vocabulary="rideStatus" value={status} />;
}

/** Active or Inactive. */
export function ActiveBadge({ status }: { status: string }) {
  return <VocabularyBadge vocabulary="activeStatus" value={status} />;
}
