import { screen } from '@testing-library/react';
import { renderWithProvider } from './testing/renderWithProvider';

const chartLoaded = jest.fn();
jest.mock('@ant-design/plots', () => {
  chartLoaded();
  return {
    Line: (props: { data: unknown[]; xField: string; yField: string; colorField: string; height: number }) => (
      <pre data-testid="line-chart">{JSON.stringify(props)}</pre>
    ),
  };
});

interface Stat {
  date: string;
  impressions: number;
  clicks: number;
}

const data: Stat[] = [
  { date: '05-01', impressions: 100, clicks: 7 },
  { date: '05-02', impressions: 120, clicks: 9 },
];
const series = [
  { field: 'impressions' as const, name: '展现量' },
  { field: 'clicks' as const, name: '点击量' },
];

describe('TrendChart', () => {
  it('does not load the chart library until a chart renders', async () => {
    const { TrendChart } = await import('./index');
    expect(chartLoaded).not.toHaveBeenCalled();

    renderWithProvider(<TrendChart<Stat> data={data} xField="date" series={series} height={240} />);
    // The library arrives asynchronously: the loading state shows meanwhile.
    expect(screen.getByRole('status')).toHaveTextContent('加载中...');
    const chart = await screen.findByTestId('line-chart');
    expect(chartLoaded).toHaveBeenCalledTimes(1);

    const props = JSON.parse(chart.textContent ?? '{}');
    expect(props).toMatchObject({ xField: 'x', yField: 'value', colorField: 'series', height: 240 });
    expect(props.data).toEqual([
      { x: '05-01', value: 100, series: '展现量' },
      { x: '05-01', value: 7, series: '点击量' },
      { x: '05-02', value: 120, series: '展现量' },
      { x: '05-02', value: 9, series: '点击量' },
    ]);
  });

  it('shows 暂无数据 for no rows and the loading state while loading', async () => {
    const { TrendChart } = await import('./index');
    const { rerender } = renderWithProvider(<TrendChart<Stat> data={[]} xField="date" series={series} />);
    expect(document.querySelector('.ant-empty-description')).toHaveTextContent('暂无数据');
    expect(screen.queryByTestId('line-chart')).toBeNull();
    rerender(<TrendChart<Stat> data={data} xField="date" series={series} loading />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByTestId('line-chart')).toBeNull();
  });
});
