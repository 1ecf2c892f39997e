import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { CountBadge } from './CountBadge';

const meta = {
  title: 'design-system/CountBadge',
  component: CountBadge,
  args: { count: 5, children: <span style={{ display: 'inline-block', padding: '4px 8px' }}>消息</span> },
} satisfies Meta<typeof CountBadge>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Few: Story = {};
/** Above 99 the badge reads 99+. */
export const Capped: Story = { args: { count: 1234 } };
export const Zero: Story = { args: { count: 0, showZero: true } };
