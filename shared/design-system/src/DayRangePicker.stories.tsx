import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { DayRangePicker } from './DayRangePicker';

const meta = {
  title: 'design-system/DayRangePicker',
  component: DayRangePicker,
  args: { onChange: fn() },
} satisfies Meta<typeof DayRangePicker>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Chosen: Story = { args: { value: ['2026-03-01', '2026-03-07'] } };
