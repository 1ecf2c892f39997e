import { act, fireEvent, screen, within } from '@testing-library/react';
import { portalTheme } from './theme';
import { TrendChart } from './TrendChart';
import { renderWithProvider } from './testing/renderWithProvider';

interface Stat {
  date: string;
  impressions: number;
  clicks: number;
}

const data: Stat[] = [
  { date: '2026-05-01', impressions: 1200, clicks: 80 },
  { date: '2026-05-02', impressions: 3400, clicks: 120 },
  { date: '2026-05-03', impressions: 5600, clicks: 100 },
];
const series = [
  { field: 'impressions' as const, name: '展现量' },
  { field: 'clicks' as const, name: '点击量' },
];
const NAME = '趋势图：展现量、点击量';

const renderChart = (rows: Stat[] = data, chartSeries: typeof series = series) =>
  renderWithProvider(<TrendChart<Stat> data={rows} xField="date" series={chartSeries} height={300} />);
const chart = () => screen.getByRole('img', { name: NAME });
/** The drawn line of a series (by its field), or null when it is hidden. */
const line = (field: string) => chart().querySelector<SVGPathElement>(`path[data-series="${field}"]`);
/** A path's points as [x, y] pairs, from its 'M x,y L x,y ...' commands. */
const pointsOf = (path: SVGPathElement | null) =>
  (path?.getAttribute('d') ?? '').split(' ').map((command) => command.slice(1).split(',').map(Number));
/** The axis labels: y ticks bottom-up, then the x labels left to right. */
const axisTexts = () => [...chart().querySelectorAll('text')].map((text) => text.textContent);
const yOfTick = (label: string) => {
  const tick = [...chart().querySelectorAll('text')].find((text) => text.textContent === label);
  return Number(tick?.getAttribute('y'));
};
const legendItem = (name: string) => within(screen.getByRole('group', { name: '图例' })).getByRole('button', { name });
const tooltipLines = () => [...screen.getByRole('tooltip').querySelectorAll('div')].map((row) => row.textContent);

describe('TrendChart', () => {
  it('draws one line per series through every row, in distinct colours, as a named image', () => {
    renderChart();
    expect(chart()).toHaveAttribute('tabindex', '0');
    const lines = chart().querySelectorAll('path[data-series]');
    expect([...lines].map((path) => path.getAttribute('data-series'))).toEqual(['impressions', 'clicks']);
    for (const path of lines) expect(path.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+ L[\d.]+,[\d.]+$/);
    expect(line('impressions')).toHaveAttribute('stroke', portalTheme.token?.colorPrimary);
    expect(line('clicks')?.getAttribute('stroke')).not.toBe(line('impressions')?.getAttribute('stroke'));

    // Left to right in row order; a larger value is higher (a smaller y).
    const [first, second, third] = pointsOf(line('impressions'));
    expect(first[0]).toBeLessThan(second[0]);
    expect(second[0]).toBeLessThan(third[0]);
    expect(first[1]).toBeGreaterThan(second[1]);
    expect(second[1]).toBeGreaterThan(third[1]);
  });

  it('labels the y axis with round ticks from 0 over the largest value, and the x axis with the days', () => {
    renderChart();
    expect(axisTexts()).toEqual(['0', '2,000', '4,000', '6,000', '05-01', '05-02', '05-03']);
    // 5,600 sits at 5600/6000 of the way from the 0 tick to the 6,000 tick.
    const [, , last] = pointsOf(line('impressions'));
    const zero = yOfTick('0');
    expect(last[1]).toBeCloseTo(zero - (5600 / 6000) * (zero - yOfTick('6,000')), 0);
  });

  it('thins the labels of a month of days so that they do not overlap', () => {
    const month = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      impressions: 1000 + i,
      clicks: i,
    }));
    renderChart(month);
    expect(pointsOf(line('impressions'))).toHaveLength(30);
    const labels = [...chart().querySelectorAll('text[text-anchor="middle"]')];
    const days = labels.map((label) => label.textContent);
    expect(days[0]).toBe('11-01');
    expect(days.length).toBeGreaterThan(3);
    expect(days.length).toBeLessThan(30);
    const xs = labels.map((label) => Number(label.getAttribute('x')));
    // Five characters of about 7 px each, with room between.
    for (let i = 1; i < xs.length; i += 1) expect(xs[i] - xs[i - 1]).toBeGreaterThanOrEqual(40);
  });

  it('hides and shows a series from the legend, rescaling the y axis, and always keeps one', () => {
    renderChart();
    expect(legendItem('点击量')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(legendItem('展现量'));
    expect(line('impressions')).toBeNull();
    expect(line('clicks')).not.toBeNull();
    expect(legendItem('展现量')).toHaveAttribute('aria-pressed', 'false');
    expect(axisTexts().slice(0, 6)).toEqual(['0', '25', '50', '75', '100', '125']);

    // The last visible series stays.
    fireEvent.click(legendItem('点击量'));
    expect(line('clicks')).not.toBeNull();
    expect(legendItem('点击量')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(legendItem('展现量'));
    expect(line('impressions')).not.toBeNull();
    expect(line('clicks')).not.toBeNull();
  });

  it('shows the nearest day with every visible value on hover, with a guide line', () => {
    renderChart();
    expect(screen.queryByRole('tooltip')).toBeNull();
    const [, second] = pointsOf(line('impressions'));

    fireEvent.mouseMove(chart(), { clientX: second[0] + 5 });
    expect(tooltipLines()).toEqual(['2026-05-02', '展现量3,400', '点击量120']);
    expect(chart().querySelector('[data-guide]')).toHaveAttribute('x1', String(second[0]));
    expect(chart()).toHaveAccessibleDescription('2026-05-02 展现量 3,400 点击量 120');

    fireEvent.click(legendItem('点击量'));
    expect(tooltipLines()).toEqual(['2026-05-02', '展现量3,400']);

    fireEvent.mouseLeave(chart());
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(chart().querySelector('[data-guide]')).toBeNull();
  });

  it('can be read with the keyboard: focus shows the last day, the arrow keys move', () => {
    renderChart();
    act(() => chart().focus());
    expect(chart()).toHaveFocus();
    expect(tooltipLines()[0]).toBe('2026-05-03');

    fireEvent.keyDown(chart(), { key: 'ArrowLeft' });
    expect(tooltipLines()).toEqual(['2026-05-02', '展现量3,400', '点击量120']);
    fireEvent.keyDown(chart(), { key: 'ArrowLeft' });
    fireEvent.keyDown(chart(), { key: 'ArrowLeft' });
    expect(tooltipLines()[0]).toBe('2026-05-01');
    fireEvent.keyDown(chart(), { key: 'ArrowRight' });
    expect(tooltipLines()).toEqual(['2026-05-02', '展现量3,400', '点击量120']);

    act(() => chart().blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('gives screen readers every value in a hidden table', () => {
    renderChart();
    const table = screen.getByRole('table', { name: NAME });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['日期', '展现量', '点击量'],
      ['2026-05-01', '1,200', '80'],
      ['2026-05-02', '3,400', '120'],
      ['2026-05-03', '5,600', '100'],
    ]);
  });

  it('draws a dot for a single day, and a flat line on a 0 to 1 axis for all-zero data', () => {
    const { unmount } = renderChart([data[0]], [series[0]]);
    expect(screen.getByRole('img', { name: '趋势图：展现量' }).querySelector('circle[data-series="impressions"]')).not.toBeNull();
    expect(screen.getByRole('img', { name: '趋势图：展现量' }).querySelector('path[data-series]')).toBeNull();
    unmount();

    renderChart(data.map((row) => ({ ...row, impressions: 0, clicks: 0 })));
    expect(axisTexts().slice(0, 2)).toEqual(['0', '1']);
    for (const [, y] of [...pointsOf(line('impressions')), ...pointsOf(line('clicks'))]) expect(y).toBe(yOfTick('0'));
  });

  it('follows the width of its container', () => {
    const original = global.ResizeObserver;
    let resize: ResizeObserverCallback = () => undefined;
    global.ResizeObserver = class {
      constructor(callback: ResizeObserverCallback) {
        resize = callback;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    try {
      renderChart();
      // jsdom lays nothing out: the chart starts at its default width.
      expect(chart()).toHaveAttribute('width', '600');
      act(() => resize([{ contentRect: { width: 900 } } as ResizeObserverEntry], {} as ResizeObserver));
      expect(chart()).toHaveAttribute('width', '900');
      const [, , last] = pointsOf(line('impressions'));
      expect(last[0]).toBeGreaterThan(800);
    } finally {
      global.ResizeObserver = original;
    }
  });

  it('shows 暂无数据 for no rows and the loading state while loading', () => {
    const { rerender } = renderChart([]);
    expect(document.querySelector('.ant-empty-description')).toHaveTextContent('暂无数据');
    expect(screen.queryByRole('img', { name: NAME })).toBeNull();
    rerender(<TrendChart<Stat> data={data} xField="date" series={series} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('加载中...');
    expect(screen.queryByRole('img', { name: NAME })).toBeNull();
  });
});
