import '@mantine/charts/styles.layer.css';
import { ChartTooltip, type ChartTooltipProps } from '@mantine/charts';
import { formatCount, formatMoney } from '@/lib/format';

/** The series that are money (the right axis): shown as money is everywhere else. */
const MONEY = new Set(['revenue', 'revenueSoFar']);

/** One point's figure, as the tooltip shows it: money as money, trips as a count. */
const formatTrendValue = (series: string, value: number) =>
  MONEY.has(series) ? formatMoney(value) : formatCount(value);

/**
 * The trend chart's tooltip: Mantine's, with each series' figure formatted
 * for what it is (the chart's own formatter knows only the value).
 */
export function TrendTooltip({
  payload,
  ...props
}: Pick<ChartTooltipProps, 'label' | 'payload' | 'series'>) {
  return (
    <ChartTooltip
      {...props}
      payload={payload?.map((item) => {
        const value = item.payload?.[item.name] as unknown;
        return typeof value === 'number'
          ? {
              ...item,
              payload: { ...item.payload, [item.name]: formatTrendValue(item.name, value) },
            }
          : item;
      })}
    />
  );
}
