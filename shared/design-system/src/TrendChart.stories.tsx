import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { TrendChart } from './TrendChart';

interface DailyStat {
  date: string;
  impressions: number;
  clicks: number;
  messages: number;
}

const week: DailyStat[] = ['05-01', '05-02', '05-03', '05-04', '05-05', '05-06', '05-07'].map((date, i) => ({
  date,
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
  args: { data: week, xField: 'date', series: [...series] },
} satisfies Meta<typeof TrendChart<DailyStat>>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The chart library loads on first render (a separate chunk). */
export const Week: Story = {};
export const Empty: Story = { args: { data: [] } };
export const Loading: Story = { args: { loading: true } };
