import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ContentCell } from './ContentCell';

const meta = {
  title: 'mfe-leads/lead-list/ContentCell',
  component: ContentCell,
} satisfies Meta<typeof ContentCell>;
export default meta;

type Story = StoryObj<typeof meta>;

export const PlainText: Story = { args: { content: '您好，我想了解一下加盟费用和开店流程，方便的话请尽快联系我，谢谢！工作日白天都可以接电话。' } };
export const Structured: Story = {
  args: { content: { wechart: 'wx_zhang2026', feedback: '想了解加盟政策', visitTime: '2026-03-01 09:30', sex: '女', budget: '10-20万' } },
};
export const StructuredAsJsonText: Story = { args: { content: '{"feedback":"请下午联系","budget":"5万以内"}' } };
