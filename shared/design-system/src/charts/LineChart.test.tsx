import { act, render, screen, waitFor } from '@testing-library/react';
import { installFakeIntersectionObserver, type FakeIntersection } from './fakeIntersectionObserver';
import { LineChart } from './LineChart';

const mockLoads = jest.fn();
jest.mock('./ChartCanvas', () => {
  mockLoads();
  const { useEffect } = jest.requireActual<typeof import('react')>('react');
  return {
    PieCanvas: () => null,
    LineCanvas: ({ data, onRendered }: { data: unknown[]; onRendered: () => void }) => {
      useEffect(() => onRendered(), [onRendered]);
      return <div data-testid="line-canvas">{data.length}</div>;
    },
  };
});

const DATA = [
  { x: '2026-03-01', y: 1250, series: '消耗金额' },
  { x: '2026-03-02', y: 3000, series: '消耗金额' },
  { x: '2026-03-01', y: 12, series: '资源数' },
  { x: '2026-03-02', y: 30, series: '资源数' },
  { x: '2026-03-03', y: 7, series: '资源数' },
];
const yuan = (fen: number) => (fen / 100).toFixed(2);

let io: FakeIntersection;
beforeEach(() => {
  io = installFakeIntersectionObserver();
});
afterEach(() => io.restore());

const figure = () => document.querySelector('figure') as HTMLElement;

test('draws only in view, loading the chart module then, and is marked ready once drawn', async () => {
  render(<LineChart title="消耗趋势" data={DATA} />);
  expect(mockLoads).not.toHaveBeenCalled();
  expect(screen.queryByTestId('line-canvas')).not.toBeInTheDocument();
  expect(figure()).not.toHaveAttribute('data-chart-ready');
  act(() => io.enter());
  expect(await screen.findByTestId('line-canvas')).toHaveTextContent('5');
  expect(mockLoads).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(figure()).toHaveAttribute('data-chart-ready', 'true'));
});

test('screen readers get a summary and a table of one row per x and one column per series, formatted', () => {
  render(<LineChart title="消耗趋势" data={DATA} yFormatter={yuan} />);
  expect(screen.getByRole('img')).toHaveAccessibleName(
    '消耗趋势：折线图，2026-03-01至2026-03-03。消耗金额 最低12.50，最高30.00；资源数 最低0.07，最高0.30',
  );
  const header = [...document.querySelectorAll('table thead th')].map((cell) => cell.textContent);
  expect(header).toEqual(['日期', '消耗金额', '资源数']);
  const rows = [...document.querySelectorAll('table tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['2026-03-01', '12.50', '0.12'],
    ['2026-03-02', '30.00', '0.30'],
    ['2026-03-03', '', '0.07'],
  ]);
});

test('no data shows 暂无数据 without a drawing', () => {
  render(<LineChart title="消耗趋势" data={[]} />);
  expect(screen.getByText('暂无数据')).toBeInTheDocument();
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
  expect(io.observed()).toHaveLength(0);
});
