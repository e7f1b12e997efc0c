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

const APPROVAL_COLORS: Record<string, string> = {
  Pending: 'yellow',
  Approved: 'teal',
  Rejected: 'red',
};

/** Pending, Approved or Rejected. */
export function ApprovalBadge({ approval }: { approval: string }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      color={APPROVAL_COLORS[approval] ?? 'gray'}
      label={t(`approval.${approval}`, { defaultValue: approval })}
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
  const { t } = useTranslation();
  return (
    <ToneBadge
      color={RIDE_COLORS[status] ?? 'gray'}
      label={t(`rideStatus.${status}`, { defaultValue: status })}
      testId="ride-status"
    />
  );
}

/** Active or Inactive. */
export function ActiveBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <ToneBadge
      color={status === 'Active' ? 'teal' : 'gray'}
      label={t(`activeStatus.${status}`, { defaultValue: status })}
    />
  );
}
