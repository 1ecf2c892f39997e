import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { RemarkCell } from './RemarkCell';

const meta = {
  title: 'mfe-leads/lead-list/RemarkCell',
  component: RemarkCell,
  args: { onSave: fn(async () => true) },
} satisfies Meta<typeof RemarkCell>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithRemark: Story = { args: { remark: '已电话沟通，周五回访' } };
export const Empty: Story = { args: { remark: '' } };
