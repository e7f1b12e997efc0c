import '@mantine/core/styles/Grid.layer.css';
import type { FinanceDashboard } from '@cabdesk/contract';
import { Anchor, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCash, IconPercentage, IconScale } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DayChart } from '@/components/day-chart/day-chart';
import { DayTooltip } from '@/components/day-chart/day-tooltip';
import { formatMoney, formatShortDay } from '@/lib/format';
import { StatCard } from '@/features/dashboard/components/stat-card';
import classes from './finance-panel.module.css';

/**
 * Finance's dashboard (issue 48, point 6), under SPEC's four cards for
 * Owners and Finance: gross, commission and refunds over the last 30 days,
 * each day's in a chart, and what is outstanding now (what the platform owes
 * companies and drivers, what drivers owe it).
 */
export function FinancePanel({ money, waiting }: { money: FinanceDashboard; waiting?: number }) {
  const { t } = useTranslation();
  const data = money.days.map((d) => ({
    label: formatShortDay(d.day),
    gross: Number(d.gross),
    commission: Number(d.commission),
    refunds: Number(d.refunds),
  }));
  const owed = [
    { label: t('refunds.owedToCompanies'), value: money.owed_to_companies },
    { label: t('refunds.owedToDrivers'), value: money.owed_to_drivers },
    { label: t('refunds.owedByDrivers'), value: money.owed_by_drivers },
  ];
  const titleId = useId();
  const hintId = useId();
  return (
    <Stack gap="lg" data-testid="finance-panel">
      <Title order={2} size="h3">
        {t('refunds.financeTitle')}
      </Title>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
        <StatCard
          label={t('refunds.gross30')}
          value={formatMoney(Number(money.gross))}
          icon={<IconCash size={22} stroke={1.5} />}
          color="teal"
          hint={t('refunds.grossHint')}
        />
        <StatCard
          label={t('refunds.commission30')}
          value={formatMoney(Number(money.commission))}
          icon={<IconPercentage size={22} stroke={1.5} />}
          color="indigo"
        />
        <StatCard
          label={t('refunds.refunds30')}
          value={formatMoney(Number(money.refunds))}
          icon={<IconArrowBackUp size={22} stroke={1.5} />}
          color="orange"
        />
        <StatCard
          label={t('refunds.outstanding')}
          value={formatMoney(Number(money.owed_to_companies) + Number(money.owed_to_drivers))}
          icon={<IconScale size={22} stroke={1.5} />}
          color="grape"
          hint={t('refunds.outstandingHint')}
        />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="md" p="lg" h="100%">
            <Title order={3} size="h4" mb={4} id={titleId}>
              {t('refunds.trendTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="md" id={hintId}>
              {t('refunds.trendHint')}
            </Text>
            <DayChart
              className={classes.chart}
              height={240}
              data={data}
              curve="monotone"
              withDots={false}
              leftTick={(v) => formatMoney(v, { cents: false })}
              tooltip={(label, items) => (
                <DayTooltip label={label} items={items} format={(_, v) => formatMoney(v)} />
              )}
              series={[
                {
                  name: 'gross',
                  label: t('refunds.gross'),
                  color: 'var(--finance-gross)',
                  type: 'line',
                },
                {
                  name: 'commission',
                  label: t('refunds.commissionLine'),
                  color: 'var(--finance-commission)',
                  type: 'line',
                },
                {
                  name: 'refunds',
                  label: t('refunds.refundsLine'),
                  color: 'var(--finance-refunds)',
                  type: 'line',
                },
              ]}
              labelledBy={titleId}
              describedBy={hintId}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="md" p="lg" h="100%" data-testid="outstanding">
            <Title order={3} size="h4" mb="sm">
              {t('refunds.outstandingTitle')}
            </Title>
            <Stack gap="xs">
              {owed.map((o) => (
                <Group key={o.label} justify="space-between" wrap="nowrap">
                  <Text size="sm">{o.label}</Text>
                  <Text fw={700}>{formatMoney(Number(o.value))}</Text>
                </Group>
              ))}
              {waiting !== undefined && (
                <Group justify="space-between" wrap="nowrap" mt="sm">
                  <Anchor component={Link} to="/approvals?status=pending" size="sm">
                    {t('refunds.waitingApproval')}
                  </Anchor>
                  <Text fw={700}>{waiting}</Text>
                </Group>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
