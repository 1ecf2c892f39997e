import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { ChatTranscriptDialog } from './ChatTranscriptDialog';

const meta = {
  title: 'mfe-leads/lead-list/ChatTranscriptDialog',
  component: ChatTranscriptDialog,
  args: { onClose: fn() },
} satisfies Meta<typeof ChatTranscriptDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Conversation: Story = {
  args: {
    lead: {
      name: '张三',
      mobile: '13800138123',
      resType: 2,
      content: [
        '……',
        '访客 2026-11-28 10:00:00：想了解加盟费用',
        '客服 2026-11-28 10:01:00：您好，请问在哪个城市开店？',
        '访客 2026-11-28 10:02:00：杭州',
        '  我的电话 13800138123',
      ].join('\n'),
    },
  },
};
export const PlainText: Story = {
  args: { lead: { name: '', mobile: '13900139000', resType: 2, content: '来自外部系统的对话摘要：意向强' } },
};
