import type { ScheduleStaff } from '@portal/contracts/schedule';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { StaffTree, type StaffTreeProps } from './StaffTree';

const member = (id: number, userName: string, deptName: string, scheduled = false): ScheduleStaff => ({
  id,
  crmUserId: `u${id}`,
  userName,
  phone: `139000000${id}`,
  deptName,
  scheduled,
});

/** The tree with its own picks, as the dialog holds them. */
function PickingTree(props: StaffTreeProps) {
  const [picked, setPicked] = useState(props.picked);
  return <StaffTree {...props} picked={picked} onPick={setPicked} />;
}

const meta = {
  title: 'mfe-schedule/staff/StaffTree',
  component: StaffTree,
  args: {
    staff: [
      member(31, '王五', '销售一部', true),
      member(32, '赵六', '销售一部'),
      member(33, '钱七', ''),
      member(34, '孙八', '销售二部'),
      member(35, '周九', '销售二部', true),
    ],
    picked: new Set([32]),
    onPick: () => undefined,
  },
  render: (args) => (
    <div style={{ maxWidth: 420 }}>
      <PickingTree {...args} />
    </div>
  ),
} satisfies Meta<typeof StaffTree>;
export default meta;

type Story = StoryObj<typeof meta>;

/** By department ('未分组' last); the scheduled checked and disabled; 输入姓名筛选 keeps the picks of those filtered out. */
export const Departments: Story = {};

/** Nobody synced from the CRM yet. */
export const NoStaff: Story = { args: { staff: [], picked: new Set() } };
