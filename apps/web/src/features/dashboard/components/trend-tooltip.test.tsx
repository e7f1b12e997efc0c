import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { TrendTooltip } from './trend-tooltip';

/** A day's figures as the chart hands them to its tooltip. */
const item = (name: string, label: string, value: number) => ({
  series: { name, label, color: `var(--trend-${name})` },
  value,
});

describe('the trend chart’s tooltip', () => {
  it('shows revenue as money and trips as a count, each beside its series', async () => {
    renderScreen(
      <TrendTooltip
        label="Nov 24"
        items={[item('trips', 'Trips', 1234), item('revenue', 'Revenue ($)', 105643.01)]}
      />,
    );
    expect(await screen.findByText('Nov 24')).toBeTruthy();
    const figure = (series: string) =>
      screen.getByText(series).closest('[data-chart-item]')?.textContent;
    expect(figure('Revenue ($)')).toBe('Revenue ($)$105,643.01');
    expect(figure('Trips')).toBe('Trips1,234');
  });
});
