import { PIE_OTHER_LABEL, type Slice } from '@portal/contracts/reports';
import { act, render, screen, waitFor } from '@testing-library/react';
import { installFakeIntersectionObserver, type FakeIntersection } from './fakeIntersectionObserver';
import { PieChart } from './PieChart';

// The lazily loaded module stands in for @ant-design/charts (jsdom cannot draw on a canvas): it
// counts its loads and reports each chart drawn at once, as G2's afterrender would.
const mockLoads = jest.fn();
jest.mock('./ChartCanvas', () => {
  mockLoads();
  const { useEffect } = jest.requireActual<typeof import('react')>('react');
  const canvas =
    (kind: string) =>
    ({ data, onRendered }: { data: unknown[]; onRendered: () => void }) => {
      useEffect(() => onRendered(), [onRendered]);
      return <div data-testid={`${kind}-canvas`}>{data.length}</div>;
    };
  return { PieCanvas: canvas('pie'), LineCanvas: canvas('line') };
});

const PROVINCES: Slice[] = ['广东', '江苏', '浙江', '山东', '河南', '四川', '湖北', '湖南', '福建', '安徽', '河北', '陕西'].map((name, i) => ({
  name,
  value: 120 - i * 10,
}));

let io: FakeIntersection;
beforeEach(() => {
  io = installFakeIntersectionObserver();
});
afterEach(() => io.restore());

const figure = () => document.querySelector('figure') as HTMLElement;
const hiddenRows = () => [...document.querySelectorAll('table tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));

// First in this file: React.lazy keeps the loaded module, so only the first chart loads it.
test('the chart library is requested only once the chart comes into view, then the figure is marked ready', async () => {
  render(<PieChart title="地域分布" data={PROVINCES.slice(0, 3)} />);
  expect(io.observed()).toHaveLength(1);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  expect(mockLoads).not.toHaveBeenCalled();
  expect(screen.queryByTestId('pie-canvas')).not.toBeInTheDocument();
  expect(figure()).not.toHaveAttribute('data-chart-ready');
  // The data is there for screen readers before the drawing.
  expect(hiddenRows()).toHaveLength(3);

  act(() => io.enter());
  expect(await screen.findByTestId('pie-canvas')).toHaveTextContent('3');
  expect(mockLoads).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(figure()).toHaveAttribute('data-chart-ready', 'true'));
  expect(io.observed()).toHaveLength(0);
});

test('slices past the eighth fold into 其他, biggest first, with their shares in the hidden table', async () => {
  render(<PieChart title="地域分布" data={[...PROVINCES].reverse()} />);
  const rows = hiddenRows();
  expect(rows).toHaveLength(8);
  expect(rows.slice(0, 7).map((row) => row[0])).toEqual(['广东', '江苏', '浙江', '山东', '河南', '四川', '湖北']);
  // 湖南 50 + 福建 40 + 安徽 30 + 河北 20 + 陕西 10; total 780.
  expect(rows[7]).toEqual([PIE_OTHER_LABEL, '150', '19.2%']);
  expect(rows[0]).toEqual(['广东', '120', '15.4%']);
  act(() => io.enter());
  expect(await screen.findByTestId('pie-canvas')).toHaveTextContent('8');
});

test('the drawing is an image named by a summary of every slice', () => {
  render(
    <PieChart
      title="项目性质"
      data={[
        { name: '餐饮', value: 3 },
        { name: '教育', value: 1 },
        { name: '零售', value: 0 },
      ]}
    />,
  );
  expect(screen.getByRole('img')).toHaveAccessibleName('项目性质：饼图，共2项，合计4。餐饮 3（75%），教育 1（25%）');
  expect(screen.getByText('项目性质', { selector: 'figcaption' })).toBeInTheDocument();
});

test('no data, or only zeros, shows 暂无数据 and never loads the chart', () => {
  const { rerender } = render(<PieChart title="地域分布" data={[]} />);
  expect(screen.getByText('暂无数据')).toBeInTheDocument();
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
  expect(io.observed()).toHaveLength(0);
  // Nothing to wait for: the journey's wait for a drawn chart ends at once.
  expect(figure()).toHaveAttribute('data-chart-ready', 'true');
  expect(figure()).toHaveAttribute('data-chart-empty', 'true');
  rerender(<PieChart title="地域分布" data={[{ name: '广东', value: 0 }]} />);
  expect(screen.getByText('暂无数据')).toBeInTheDocument();
});

test('without IntersectionObserver the chart draws at once', async () => {
  io.restore();
  render(<PieChart title="地域分布" data={PROVINCES.slice(0, 2)} showTitle={false} />);
  expect(await screen.findByTestId('pie-canvas')).toHaveTextContent('2');
  expect(document.querySelector('figcaption')).not.toBeInTheDocument();
  io = installFakeIntersectionObserver();
});
