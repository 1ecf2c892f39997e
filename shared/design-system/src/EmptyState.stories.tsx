import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Button } from 'antd';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'design-system/EmptyState',
  component: EmptyState,
} satisfies Meta<typeof EmptyState>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithAction: Story = {
  args: { description: '暂无收货地址', children: <Button type="primary">新增地址</Button> },
};
