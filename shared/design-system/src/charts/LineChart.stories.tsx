import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { LineChart } from './LineChart';
import type { LinePoint } from './types';

const days = (count: number, series: string, base: number): LinePoint[] =>
  Array.from({ length: count }, (_, i) => ({
    x: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
    y: base + i * 37 + (i % 3) * 55,
    series,
  }));

const meta = {
  title: 'design-system/charts/LineChart',
  component: LineChart,
  args: { title: '推广数据趋势', data: [...days(14, '留言', 40), ...days(14, '电话', 20)] },
} satisfies Meta<typeof LineChart>;
export default meta;

type Story = StoryObj<typeof meta>;

export const TwoSeries: Story = {};
/** Money in fen, read as yuan on the axis, the tooltip and the hidden table. */
export const Money: Story = {
  args: { title: '消耗金额', data: days(30, '消耗金额', 12000), yFormatter: (fen: number) => `${(fen / 100).toFixed(2)}元` },
};
export const SinglePoint: Story = { args: { data: days(1, '留言', 5) } };
export const Empty: Story = { args: { data: [] } };
