import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { TrendTooltip } from './trend-tooltip';

/** A day's point as the chart hands it to its tooltip. */
const day = { label: 'Nov 24', trips: 1234, revenue: 105643.01 };
const point = (name: 'trips' | 'revenue', color: string) => ({
  name,
  dataKey: name,
  value: day[name],
  color,
  payload: day,
});

describe('the trend chart’s tooltip', () => {
  it('shows revenue as money and trips as a count, each beside its series', async () => {
    renderScreen(
      <TrendTooltip
        label="Nov 24"
        payload={[point('trips', 'var(--trend-trips)'), point('revenue', 'var(--trend-revenue)')]}
        series={[
          { name: 'trips', label: 'Trips' },
          { name: 'revenue', label: 'Revenue ($)' },
        ]}
      />,
    );
    expect(await screen.findByText('Nov 24')).toBeTruthy();
    const figure = (series: string) =>
      screen.getByText(series).closest('.mantine-ChartTooltip-tooltipItem')?.textContent;
    expect(figure('Revenue ($)')).toBe('Revenue ($)$105,643.01');
    expect(figure('Trips')).toBe('Trips1,234');
  });
});
