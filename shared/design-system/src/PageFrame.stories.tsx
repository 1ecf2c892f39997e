import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Button } from 'antd';
import { PageFrame } from './PageFrame';

const meta = {
  title: 'design-system/PageFrame',
  component: PageFrame,
  args: {
    title: '余额中心',
    extra: <Button type="primary">充值记录</Button>,
    children: <p>页面内容</p>,
  },
} satisfies Meta<typeof PageFrame>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithoutExtra: Story = { args: { extra: undefined } };
