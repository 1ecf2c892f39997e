import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { AcceptGroupsDialog } from './AcceptGroupsDialog';

const loaded = (data: Array<{ id: number; name: string }>) => ({
  data,
  currentData: data,
  isLoading: false,
  isFetching: false,
  isError: false,
  refetch: fn(),
});

const meta = {
  title: 'design-system/AcceptGroupsDialog',
  component: AcceptGroupsDialog,
  args: {
    open: true,
    groups: loaded([
      { id: 1, name: '一组' },
      { id: 2, name: '二组' },
    ]),
    save: async (body) => body.map((group, index) => ({ id: group.id ?? 100 + index, name: group.name })),
    saving: false,
    onClose: fn(),
    deleteHint: '保存后，使用该分组的规则也会一并删除',
  },
} satisfies Meta<typeof AcceptGroupsDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Two groups: rename, add ('请输入分组名称' when left blank), delete after '确定要删除吗?'. */
export const TwoGroups: Story = {};
/** None yet: '暂无接收组'. */
export const Empty: Story = { args: { groups: loaded([]) } };
