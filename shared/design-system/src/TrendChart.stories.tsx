import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { TrendChart } from './TrendChart';

interface DailyStat {
  date: string;
  impressions: number;
  clicks: number;
  messages: number;
}

const days = (count: number): DailyStat[] =>
  Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
    impressions: 800 + i * 90 + (i % 3) * 120,
    clicks: 60 + i * 8 + (i % 2) * 15,
    messages: 5 + (i % 4) * 3,
  }));

const series = [
  { field: 'impressions', name: '展现量' },
  { field: 'clicks', name: '点击量' },
  { field: 'messages', name: '留言量' },
] as const;

const meta = {
  title: 'design-system/TrendChart',
  component: TrendChart<DailyStat>,
  args: { data: days(7), xField: 'date', series: [...series] },
} satisfies Meta<typeof TrendChart<DailyStat>>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Hover, or focus the plot and use the arrow keys, for a day's values; click a legend item to hide its line. */
export const Week: Story = {};
/** The workbench's default: one indicator over 30 days, x labels thinned so that they do not overlap. */
export const Month: Story = { args: { data: days(30), series: [series[0]] } };
export const SingleDay: Story = { args: { data: days(1) } };
export const AllZero: Story = { args: { data: days(7).map((day) => ({ ...day, impressions: 0, clicks: 0, messages: 0 })) } };
export const Empty: Story = { args: { data: [] } };
export const Loading: Story = { args: { loading: true } };
