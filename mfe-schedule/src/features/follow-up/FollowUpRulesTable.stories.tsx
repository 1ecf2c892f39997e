import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { FollowUpRule } from '../../api/scheduleCalls';
import { FollowUpRulesTable } from './FollowUpRulesTable';

const rules: FollowUpRule[] = [
  { itemId: 0, itemTitle: '全部项目', deadlineMinutes: 120, workingHoursOnly: true, recycle: false, recycleLimit: 0 },
  { itemId: 11, itemTitle: '全国加盟项目', deadlineMinutes: 30, workingHoursOnly: false, recycle: true, recycleLimit: 2 },
  { itemId: 14, itemTitle: '华东推广项目', deadlineMinutes: 10080, workingHoursOnly: true, recycle: true, recycleLimit: 5 },
];

const meta = {
  title: 'mfe-schedule/follow-up/FollowUpRulesTable',
  component: FollowUpRulesTable,
  args: {
    rules,
    onEdit: () => undefined,
    // 删除's confirmation shows loading for a moment.
    onRemove: () => new Promise((resolve) => setTimeout(resolve, 600)),
  },
  render: (args) => (
    <div style={{ maxWidth: 720 }}>
      <FollowUpRulesTable {...args} />
    </div>
  ),
} satisfies Meta<typeof FollowUpRulesTable>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The rule of all projects first; 最多回收次数 only where 超时回收 is on; 删除 asks '确定要删除吗?'. */
export const Rules: Story = {};
