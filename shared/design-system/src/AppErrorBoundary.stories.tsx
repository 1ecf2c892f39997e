import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AppErrorBoundary } from './AppErrorBoundary';

function Broken(): never {
  throw new Error('story: a page that fails to render');
}

const meta = {
  title: 'design-system/AppErrorBoundary',
  component: AppErrorBoundary,
  args: { appName: 'story', subTitle: '线索模块出现异常，请重试；如果仍然出错，请刷新页面。' },
} satisfies Meta<typeof AppErrorBoundary>;
export default meta;

type Story = StoryObj<typeof meta>;

export const PageFailed: Story = { args: { children: <Broken /> } };
export const PageWorks: Story = { args: { children: <p>页面内容</p> } };
