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

/** A word of the wire's vocabulary, translated, in its colour (gray for one it does not know). */
function VocabularyBadge({
  vocabulary,
  value,
  colors,
  testId,
}: {
  /** The translations' group: `approval`, `rideStatus`, `activeStatus`. */
  vocabulary: string;
  value: string;
  colors: Record<string, string>;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      color={colors[value] ?? 'gray'}
      label={t(`${vocabulary}.${value}`, { defaultValue: value })}
      testId={testId}
    />
  );
}

const APPROVAL_COLORS: Record<string, string> = {
  Pending: 'yellow',
  Approved: 'teal',
  Rejected: 'red',
};

/** Pending, Approved or Rejected. */
export function ApprovalBadge({ approval }: { approval: string }) {
  return (
    <VocabularyBadge
      vocabulary="approval"
      value={approval}
      colors={APPROVAL_COLORS}
      testId="approval-badge"
    />
  );
}

const RIDE_COLORS: Record<string, string> = {
  Pending: 'yellow',
  Accept: 'blue',
  Start: 'indigo',
  End: 'grape',
  Complete: 'teal',
  Cancel: 'red',
};

/** SPEC 4: Pending "Pending", Accept "Accepted", Start "Start", End "End", Complete "Completed", Cancel "Cancelled". */
export function RideStatusBadge({ status }: { status: string }) {
  return (
    <VocabularyBadge
      vocabulary="rideStatus"
      value={status}
      colors={RIDE_COLORS}
      testId="ride-status"
    />
  );
}

/** Active or Inactive. */
export function ActiveBadge({ status }: { status: string }) {
  return <VocabularyBadge vocabulary="activeStatus" value={status} colors={{ Active: 'teal' }} />;
}
