import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { RepeatNamesDialog } from './RepeatNamesDialog';

const meta = {
  title: 'mfe-schedule/import/RepeatNamesDialog',
  component: RepeatNamesDialog,
  args: {
    open: true,
    repeats: [
      {
        userName: '张三',
        rows: [2, 5],
        candidates: [
          { id: 31, userName: '张三', phone: '13800000031', deptName: '销售一部' },
          { id: 32, userName: '张三', phone: '13800000032', deptName: '销售二部' },
        ],
      },
      {
        userName: '李四',
        rows: [3],
        candidates: [
          { id: 41, userName: '李四', phone: '', deptName: '客服部' },
          { id: 42, userName: '李四', phone: '13800000042', deptName: '' },
          { id: 43, userName: '李四', phone: '13800000043', deptName: '客服部' },
        ],
      },
    ],
    onSubmit: () => undefined,
    onClose: () => undefined,
  },
} satisfies Meta<typeof RepeatNamesDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Two repeated names with their sheet rows; each starts at 不选择 (the server takes the first). */
export const TwoNames: Story = {};
