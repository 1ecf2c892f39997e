import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { LoadingState } from './LoadingState';

const meta = {
  title: 'design-system/LoadingState',
  component: LoadingState,
} satisfies Meta<typeof LoadingState>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const CustomText: Story = { args: { description: '正在加载报表...' } };
