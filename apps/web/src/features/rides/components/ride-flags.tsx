import type { Ride } from '@cabdesk/contract';
import {
  Badge,
  darken,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineTheme,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A trip running on a vehicle that should not be driving (issue 45): the
 * vehicle is inactive, or its insurance has expired. One badge; its tooltip
 * (and its accessible name) says which. Nothing for a trip without a flag.
 */
export function RideFlagBadge({ ride }: { ride: Pick<Ride, 'flags'> }) {
  const { t } = useTranslation();
  const orange = useMantineTheme().colors.orange;
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  if (ride.flags.length === 0) return null;
  const which = ride.flags.map((flag) => t(`rides.flags.${flag}`)).join(' · ');
  return (
    <Tooltip label={which} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color="orange"
        variant="light"
        // Text darkened as ToneBadge's: WCAG AA on its tint in light and dark.
        c={dark ? orange[2] : darken(orange[9], 0.35)}
        size="sm"
        tt="none"
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
        tabIndex={0}
        aria-label={`${t('rides.flags.badge')}: ${which}`}
        data-testid="ride-flag"
        // Its words whole: a narrow column does not cut them to "CHECK ...".
        styles={{
          root: { cursor: 'help', overflow: 'visible', maxWidth: 'none', flexShrink: 0 },
          label: { overflow: 'visible' },
        }}
      >
        {t('rides.flags.badge')}
      </Badge>
    </Tooltip>
  );
}

/**
 * The trip's service type: its vehicle's, else the one the passenger asked
 * for, marked so (a Pending trip has no vehicle yet); N/A without either.
 */
export function RideServiceType({
  ride,
  size = 'xs',
}: {
  ride: Pick<Ride, 'driver' | 'service_type'>;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const driven = ride.driver?.vehicle?.service_type_data.title;
  if (driven) return <>{driven}</>;
  if (!ride.service_type) return <>{t('common.na')}</>;
  return (
    <Text component="span" size={size} data-testid="ride-requested-service">
      {ride.service_type.title}{' '}
      <Text component="span" size="xs" c="dimmed" display="block">
        {t('rides.requested')}
      </Text>
    </Text>
  );
}
