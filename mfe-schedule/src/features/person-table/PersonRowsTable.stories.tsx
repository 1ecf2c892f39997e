import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import type { PersonRow } from './personRows';
import { PersonRowsTable, type PersonRowsTableProps } from './PersonRowsTable';

const person = (userId: number, userName: string, change: Partial<PersonRow> = {}): PersonRow => ({
  userId,
  userName,
  phone: `139000000${userId}`,
  deptName: '销售一部',
  acceptGroupId: null,
  dataNum: 1,
  dataNumLimit: null,
  slots: [],
  distributedNum: 0,
  ...change,
});

const rows = [
  person(31, '张三', { acceptGroupId: 1, dataNum: 2, dataNumLimit: 10, slots: [{ start: '09:00', end: '12:00' }], distributedNum: 4 }),
  person(32, '李四', { slots: [{ start: '18:00', end: '09:00' }] }),
  person(33, '王五', { phone: '', deptName: '', dataNum: null, dataNumLimit: 0, slots: [{ start: '22:00', end: '24:00' }] }),
];

const meta = {
  title: 'mfe-schedule/person-table/PersonRowsTable',
  component: PersonRowsTable,
  args: {
    rows,
    groups: [
      { id: 1, name: '销售一组' },
      { id: 2, name: '销售二组' },
    ],
    onChange: () => undefined,
  },
} satisfies Meta<typeof PersonRowsTable>;
export default meta;

type Story = StoryObj<typeof meta>;

function EditableTable(props: PersonRowsTableProps) {
  const [shown, setShown] = useState(props.rows);
  return <PersonRowsTable {...props} rows={shown} onChange={setShown} />;
}

/** Edit, drag by the handle, or 上移/下移 from the keyboard; 李四's slot ends before it starts. */
export const Editable: Story = { render: (args) => <EditableTable {...args} /> };

/** An unscheduled day. */
export const Empty: Story = { args: { rows: [], emptyText: '该日期尚未排班' } };
// The page's loading and failed states are QueryBlock's: see design-system/QueryBlock.
