import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { ErrorState } from './ErrorState';

const meta = {
  title: 'design-system/ErrorState',
  component: ErrorState,
  args: { message: '数据获取失败', onRetry: fn() },
} satisfies Meta<typeof ErrorState>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithRetry: Story = {};
export const WithoutRetry: Story = { args: { message: '网络异常，请稍后再试', onRetry: undefined } };
