import { useState, type PointerEvent, type ReactNode } from 'react';
import { chartScale, linePath, type Point } from './day-chart-geometry';
import classes from './day-chart.module.css';

/** One series of a day chart: a bar (the bars stack) or a line, on the left or right axis. */
export interface DaySeries {
  name: string;
  label: string;
  /** A CSS colour: a variable the page sets for light and dark. */
  color: string;
  type: 'bar' | 'line';
  axis?: 'left' | 'right';
  /** A day not over yet: the bar lighter with a dashed edge, the line dashed. */
  partial?: boolean;
}

/** A day: its axis label and each series' figure (none where the series has none that day). */
export type ChartDay = { label: string } & Partial<Record<string, number | string>>;

/** One series' figure on the hovered day, as the tooltip lists it. */
export interface ChartTooltipItem {
  series: Pick<DaySeries, 'name' | 'label' | 'color'>;
  value: number;
}

interface DayChartProps {
  data: ChartDay[];
  series: DaySeries[];
  /** The plot's and axes' height in pixels (the legend above is apart). */
  height: number;
  /** Each axis's tick text; the right axis is drawn when a series is on it. */
  leftTick: (value: number) => string;
  rightTick?: (value: number) => string;
  /** The hovered day's box. */
  tooltip: (label: string, items: ChartTooltipItem[]) => ReactNode;
  curve?: 'linear' | 'monotone';
  /** A dot on each day of a line. */
  withDots?: boolean;
  /** The chart's accessible name and description: the ids of its title and hint. */
  labelledBy: string;
  describedBy?: string;
  className?: string;
}

/** A day not over yet: its bar's edge and its line, dashed. */
const DASHED = '4 3';

/**
 * Days labelled on the time axis, counted back from the last: room for the
 * longest label (Arabic's month names) without measuring it; on a phone every
 * other one of those (CSS).
 */
const LABEL_EVERY = 5;

/** A value axis's ticks, placed by percentages of the plot's height. */
function ValueAxis({
  className,
  scale,
  tick,
}: {
  className: string | undefined;
  scale: { top: number; ticks: number[] };
  tick: (value: number) => string;
}) {
  return (
    <div className={className} aria-hidden>
      {scale.ticks.map((value) => (
        <span
          key={value}
          className={classes.tick}
          style={{ top: `${100 - (value / scale.top) * 100}%` }}
        >
          {tick(value)}
        </span>
      ))}
    </div>
  );
}

const figure = (day: ChartDay, name: string) => {
  const value = day[name];
  return typeof value === 'number' ? value : undefined;
};

/**
 * Figures per day for the last days, drawn as plain SVG: bars stacked, lines,
 * two value axes. Nothing is measured to draw it: the plot stretches to its
 * box (one unit a day across, 0-100 up; strokes keep their width), the axes'
 * widths are fixed, and their labels are HTML placed by percentages. Time runs
 * left to right in every language, as the axes' figures read. The pointer's
 * day shows its figures; for the keyboard, the page's cards and lists say them.
 */
export function DayChart({
  data,
  series,
  height,
  leftTick,
  rightTick,
  tooltip,
  curve = 'linear',
  withDots = true,
  labelledBy,
  describedBy,
  className,
}: DayChartProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const days = data.length;
  const bars = series.filter((s) => s.type === 'bar');
  const lines = series.filter((s) => s.type === 'line');
  const onRight = (s: DaySeries) => s.axis === 'right';
  const left = chartScale(
    data.flatMap((d) => [
      bars.reduce((sum, s) => sum + (figure(d, s.name) ?? 0), 0),
      ...lines.filter((s) => !onRight(s)).map((s) => figure(d, s.name) ?? 0),
    ]),
  );
  const rightSeries = lines.filter(onRight);
  const right =
    rightSeries.length > 0 && rightTick
      ? chartScale(data.flatMap((d) => rightSeries.map((s) => figure(d, s.name) ?? 0)))
      : undefined;
  const y = (value: number, top: number) => 100 - (value / top) * 100;
  const across = (i: number) => `${((i + 0.5) / days) * 100}%`;

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = Math.floor(((event.clientX - box.left) / box.width) * days);
    setHovered(Math.min(days - 1, Math.max(0, at)));
  };
  const day = hovered === null ? undefined : data[hovered];
  const items: ChartTooltipItem[] = day
    ? series.flatMap((s) => {
        const value = figure(day, s.name);
        return value === undefined ? [] : [{ series: s, value }];
      })
    : [];

  return (
    <div className={className}>
      <div className={classes.legend}>
        {series.map((s) => (
          <div key={s.name} className={classes.legendItem}>
            <span
              className={classes.swatch}
              style={{ backgroundColor: s.color }}
              data-chart-swatch
            />
            {s.label}
          </div>
        ))}
      </div>
      <div
        className={classes.chart}
        role="img"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        dir="ltr"
        style={{
          height,
          gridTemplateColumns: `var(--chart-axis-width) 1fr ${right ? 'var(--chart-right-axis-width)' : '8px'}`,
        }}
      >
        <ValueAxis className={classes.leftAxis} scale={left} tick={leftTick} />
        <div
          className={classes.plot}
          data-chart-plot
          onPointerMove={onPointerMove}
          onPointerLeave={() => setHovered(null)}
        >
          <svg
            className={classes.svg}
            viewBox={`0 0 ${days} 100`}
            preserveAspectRatio="none"
            aria-hidden
          >
            {left.ticks.map((tick) => (
              <line
                key={tick}
                className={classes.grid}
                x1={0}
                x2={days}
                y1={y(tick, left.top)}
                y2={y(tick, left.top)}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {hovered !== null && (
              <rect className={classes.cursor} x={hovered} width={1} y={0} height={100} />
            )}
            {data.map((d, i) => {
              let base = 0;
              return bars.map((s) => {
                const value = figure(d, s.name);
                if (!value) return null;
                const top = base + value;
                const rect = (
                  <rect
                    key={`${s.name}-${d.label}`}
                    x={i + 0.15}
                    width={0.7}
                    y={y(top, left.top)}
                    height={y(base, left.top) - y(top, left.top)}
                    fill={s.color}
                    vectorEffect="non-scaling-stroke"
                    data-chart-bar={s.name}
                    {...(s.partial
                      ? {
                          fillOpacity: 0.3,
                          stroke: s.color,
                          strokeWidth: 1.5,
                          strokeDasharray: DASHED,
                        }
                      : {})}
                  />
                );
                base = top;
                return rect;
              });
            })}
            {lines.map((s) => {
              const top = onRight(s) && right ? right.top : left.top;
              const points: Point[] = data.flatMap((d, i) => {
                const value = figure(d, s.name);
                return value === undefined ? [] : [[i + 0.5, y(value, top)] as Point];
              });
              return (
                <g key={s.name} data-chart-line={s.name}>
                  <path
                    d={linePath(points, curve)}
                    fill="none"
                    stroke={s.color}
                    strokeWidth={2}
                    strokeDasharray={s.partial ? DASHED : undefined}
                    vectorEffect="non-scaling-stroke"
                  />
                  {(withDots || points.length === 1) && (
                    // Zero-length strokes with round caps: round dots however the plot stretches.
                    <path
                      d={points.map(([px, py]) => `M${px} ${py}h0`).join('')}
                      stroke={s.color}
                      strokeWidth={6}
                      strokeLinecap="round"
                      vectorEffect="non-scaling-stroke"
                    />
                  )}
                </g>
              );
            })}
          </svg>
          {day && items.length > 0 && (
            <div
              className={classes.tooltip}
              style={{ left: across(hovered!) }}
              data-side={hovered! >= days / 2 ? 'left' : 'right'}
            >
              {tooltip(day.label, items)}
            </div>
          )}
        </div>
        {right && rightTick && (
          <ValueAxis className={classes.rightAxis} scale={right} tick={rightTick} />
        )}
        <div className={classes.timeAxis} aria-hidden>
          {data.map((d, i) =>
            (days - 1 - i) % LABEL_EVERY === 0 ? (
              <span
                key={d.label}
                className={classes.day}
                style={{ left: across(i) }}
                data-minor={(days - 1 - i) % (LABEL_EVERY * 2) !== 0 || undefined}
              >
                {d.label}
              </span>
            ) : null,
          )}
        </div>
      </div>
    </div>
  );
}
