import type { ChartTooltipItem } from './day-chart';
import classes from './day-chart.module.css';

/** A day chart's tooltip: the day, then each series' figure beside its colour. */
export function DayTooltip({
  label,
  items,
  format,
}: {
  label: string;
  items: ChartTooltipItem[];
  format: (series: string, value: number) => string;
}) {
  return (
    <div className={classes.box} data-chart-tooltip>
      <div className={classes.boxLabel}>{label}</div>
      {items.map(({ series, value }) => (
        <div key={series.name} className={classes.item} data-chart-item>
          <span className={classes.itemName}>
            <span className={classes.swatch} style={{ backgroundColor: series.color }} />
            {series.label}
          </span>
          <span className={classes.itemValue}>{format(series.name, value)}</span>
        </div>
      ))}
    </div>
  );
}
