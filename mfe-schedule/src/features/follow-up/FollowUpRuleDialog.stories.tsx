import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { FollowUpRule, ScheduleItem } from '../../api/scheduleCalls';
import { FollowUpRuleDialog } from './FollowUpRuleDialog';

const projects: ScheduleItem[] = [
  { itemId: 11, itemTitle: '全国加盟项目', status: 1, scheduledDays: 2 },
  { itemId: 14, itemTitle: '华东推广项目', status: 1, scheduledDays: 0 },
  { itemId: 15, itemTitle: '下架项目', status: -1, scheduledDays: 0 },
];
const JOIN: FollowUpRule = { itemId: 11, itemTitle: '全国加盟项目', deadlineMinutes: 30, workingHoursOnly: false, recycle: true, recycleLimit: 2 };

const meta = {
  title: 'mfe-schedule/follow-up/FollowUpRuleDialog',
  component: FollowUpRuleDialog,
  args: {
    open: true,
    rule: null,
    rules: [JOIN],
    projects,
    save: () => new Promise((resolve) => setTimeout(resolve, 600)),
    saving: false,
    onClose: () => undefined,
  },
  parameters: {
    docs: {
      description: {
        component:
          'Opened from 跟进时限 on the schedule page (新增跟进时限, or a rule’s 编辑). A deadline outside 1-10080 minutes or a limit outside 0-5 shows the contracts’ message; 最多回收次数 is disabled while 超时回收 is off.',
      },
    },
  },
} satisfies Meta<typeof FollowUpRuleDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** 新增: 全部项目 chosen first; 全国加盟项目 has a rule already, 下架项目 is not on air. 保存 says 跟进时限已保存. */
export const Add: Story = {};

/** 编辑 a project's rule: its project fixed. */
export const Edit: Story = { args: { rule: JOIN, rules: [JOIN] } };

/** 保存 is refused: the server's message above the form, what was typed kept. */
export const SaveRefused: Story = {
  args: { save: () => Promise.reject({ status: 500, message: '服务器开小差了，请稍后再试' }) },
};
