import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { FollowUpCell } from './FollowUpCell';

const meta = {
  title: 'mfe-leads/lead-list/FollowUpCell',
  component: FollowUpCell,
} satisfies Meta<typeof FollowUpCell>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Calls: Story = {
  args: {
    calls: [
      { id: 1, callTime: '2026-03-01 11:00:00', message: '未接通' },
      { id: 2, callTime: '2026-03-02 09:00:00', message: '有意向，约周五到店' },
    ],
  },
};
export const NoCalls: Story = { args: { calls: [] } };
