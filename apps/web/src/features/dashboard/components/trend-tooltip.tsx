import type { ChartTooltipItem } from '@/components/day-chart/day-chart';
import { DayTooltip } from '@/components/day-chart/day-tooltip';
import { formatCount, formatMoney } from '@/lib/format';

/** The series that are money (the right axis): shown as money is everywhere else. */
const MONEY = new Set(['revenue', 'revenueSoFar']);

/** One point's figure, as the tooltip shows it: money as money, trips as a count. */
const formatTrendValue = (series: string, value: number) =>
  MONEY.has(series) ? formatMoney(value) : formatCount(value);

/** The trend chart's tooltip: each series' figure formatted for what it is. */
export function TrendTooltip({ label, items }: { label: string; items: ChartTooltipItem[] }) {
  return <DayTooltip label={label} items={items} format={formatTrendValue} />;
}
