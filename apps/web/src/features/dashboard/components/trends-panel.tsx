import '@mantine/core/styles/Grid.layer.css';
import type { DashboardTrends } from '@cabdesk/contract';
import { Anchor, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DayChart, type DaySeries } from '@/components/day-chart/day-chart';
import { RideStatusBadge } from '@/components/status-badge';
import { formatCount, formatMoney, formatShortDay } from '@/lib/format';
import { trendDays, utcToday } from './trend-days';
import { TrendTooltip } from './trend-tooltip';
import classes from './trends-panel.module.css';

/** Under the four cards: trips and revenue per day, trips by status, approvals waiting. */
export function TrendsPanel({ trends }: { trends: DashboardTrends }) {
  const { t } = useTranslation();
  const data = trendDays(trends.days, utcToday()).map((d) => ({
    ...d,
    label: formatShortDay(d.day),
  }));
  const withRevenue = trends.days.some((d) => d.revenue !== undefined);
  const series: DaySeries[] = [
    { name: 'trips', label: t('dashboard.trips'), color: 'var(--trend-trips)', type: 'bar' },
    // Today's bar stands in the day's place, lighter and dashed: a day not over yet.
    {
      name: 'tripsSoFar',
      label: t('dashboard.tripsSoFar'),
      color: 'var(--trend-trips-so-far)',
      type: 'bar',
      partial: true,
    },
    // Revenue reaches only the roles that read it (Owner, Finance).
    ...(withRevenue
      ? ([
          {
            name: 'revenue',
            label: t('dashboard.revenueDollars'),
            color: 'var(--trend-revenue)',
            type: 'line',
            axis: 'right',
          },
          {
            name: 'revenueSoFar',
            label: t('dashboard.revenueSoFar'),
            color: 'var(--trend-revenue-so-far)',
            type: 'line',
            axis: 'right',
            partial: true,
          },
        ] as const)
      : []),
  ];
  const titleId = useId();
  const hintId = useId();
  const waiting = [
    { key: 'companies', to: '/company?approval=Pending', n: trends.pending.companies },
    { key: 'drivers', to: '/driver?approval=Pending', n: trends.pending.drivers },
    { key: 'vehicles', to: '/vehicle?approval=Pending', n: trends.pending.vehicles },
  ] as const;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper withBorder radius="md" p="lg" h="100%" data-testid="trend-chart">
          <Title order={2} size="h4" mb={4} id={titleId}>
            {withRevenue ? t('dashboard.trendTitle') : t('dashboard.trendTitleTrips')}
          </Title>
          <Text size="sm" c="dimmed" mb="md" id={hintId}>
            {withRevenue ? t('dashboard.trendHint') : t('dashboard.trendHintTrips')}
          </Text>
          {/* The figures are in the tooltips for a pointer; for the keyboard, the cards and lists say them. */}
          <DayChart
            className={classes.chart}
            height={280}
            data={data}
            series={series}
            leftTick={formatCount}
            rightTick={withRevenue ? (v) => formatMoney(v, { cents: false }) : undefined}
            // Each figure for what it is: revenue as money, trips as a count.
            tooltip={(label, items) => <TrendTooltip label={label} items={items} />}
            labelledBy={titleId}
            describedBy={hintId}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg" data-testid="waiting-approval">
            <Title order={2} size="h4" mb="sm">
              {t('dashboard.waitingTitle')}
            </Title>
            <Stack gap="xs">
              {waiting.map((w) => (
                <Group key={w.key} justify="space-between">
                  <Anchor component={Link} to={w.to}>
                    {t(`dashboard.waiting.${w.key}`)}
                  </Anchor>
                  <Text fw={700}>{formatCount(w.n)}</Text>
                </Group>
              ))}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg" data-testid="trips-by-status">
            <Title order={2} size="h4" mb="sm">
              {t('dashboard.byStatusTitle')}
            </Title>
            <Stack gap="xs">
              {trends.by_status.map((s) => (
                <Group key={s.ride_status} justify="space-between">
                  <RideStatusBadge status={s.ride_status} />
                  <Text fw={600}>{formatCount(s.trips)}</Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
