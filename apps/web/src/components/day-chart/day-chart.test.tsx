import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { DayChart, type DaySeries } from './day-chart';
import { DayTooltip } from './day-tooltip';

const series: DaySeries[] = [
  { name: 'trips', label: 'Trips', color: 'red', type: 'bar' },
  { name: 'tripsSoFar', label: 'Trips today, so far', color: 'pink', type: 'bar', partial: true },
  { name: 'revenue', label: 'Revenue ($)', color: 'teal', type: 'line', axis: 'right' },
];
const data = [
  { label: 'Nov 22', trips: 12, revenue: 340 },
  { label: 'Nov 23', trips: 0, revenue: 0 },
  { label: 'Nov 24', tripsSoFar: 5 },
];

function Chart() {
  return (
    <>
      <h2 id="title">Trips and revenue</h2>
      <DayChart
        data={data}
        series={series}
        height={200}
        leftTick={String}
        rightTick={(v) => `$${v}`}
        tooltip={(label, items) => (
          <DayTooltip label={label} items={items} format={(_, v) => String(v)} />
        )}
        labelledBy="title"
      />
    </>
  );
}

describe('the day chart', () => {
  it('is an image named by its title, a bar a day with figures, today’s dashed', async () => {
    const { container } = renderScreen(<Chart />);
    await screen.findByRole('img', { name: 'Trips and revenue' });
    const bars = [...container.querySelectorAll('[data-chart-bar]')];
    expect(bars.map((b) => b.getAttribute('data-chart-bar'))).toEqual(['trips', 'tripsSoFar']);
    expect(bars[1]!.getAttribute('stroke-dasharray')).toBe('4 3');
    expect(bars[0]!.getAttribute('stroke-dasharray')).toBeNull();
    // The right axis is drawn for the revenue: money's ticks.
    expect(screen.getByText('$400')).toBeTruthy();
    expect(container.querySelectorAll('[data-chart-swatch]')).toHaveLength(3);
  });

  it('shows the day under the pointer with its figures, and hides them when it leaves', async () => {
    const { container } = renderScreen(<Chart />);
    const plot = container.querySelector<HTMLElement>('[data-chart-plot]')!;
    plot.getBoundingClientRect = () => ({ left: 0, width: 300 }) as DOMRect;
    fireEvent.pointerMove(plot, { clientX: 10 });
    const tooltip = await screen.findByText('Nov 22', { selector: 'div' });
    const items = [...tooltip.parentElement!.querySelectorAll('[data-chart-item]')];
    expect(items.map((i) => i.textContent)).toEqual(['Trips12', 'Revenue ($)340']);
    fireEvent.pointerMove(plot, { clientX: 290 });
    expect([...container.querySelectorAll('[data-chart-item]')].map((i) => i.textContent)).toEqual([
      'Trips today, so far5',
    ]);
    fireEvent.pointerLeave(plot);
    expect(container.querySelector('[data-chart-tooltip]')).toBeNull();
  });
});
