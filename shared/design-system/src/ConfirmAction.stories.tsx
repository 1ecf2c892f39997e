import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Button } from 'antd';
import { fn } from 'storybook/test';
import { ConfirmAction } from './ConfirmAction';

const meta = {
  title: 'design-system/ConfirmAction',
  component: ConfirmAction,
  args: { onConfirm: fn(), children: <Button danger>删除</Button> },
} satisfies Meta<typeof ConfirmAction>;
export default meta;

type Story = StoryObj<typeof meta>;

/** '确定删除?'; cancelling says '已取消删除'. */
export const Delete: Story = {};
/** Push to a third party: '确定操作？', cancelling says '已取消操作'. */
export const Operation: Story = {
  args: { title: '确定操作？', cancelMessage: '已取消操作', children: <Button type="primary">推送</Button> },
};
