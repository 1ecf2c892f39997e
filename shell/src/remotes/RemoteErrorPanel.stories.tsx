import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { RemoteErrorPanel } from './RemoteErrorPanel';

const meta = {
  title: 'shell/RemoteErrorPanel',
  component: RemoteErrorPanel,
  args: { label: '工作台', onRetry: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 1500))) },
} satisfies Meta<typeof RemoteErrorPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A remote that cannot load, inside the frame's content area; 重试 shows its loading state while retrying. */
export const Workbench: Story = {};
export const Leads: Story = { args: { label: '线索管理' } };

/** A remote built against a React outside the shell's range: refused before any of its code ran. */
export const VersionSkew: Story = {
  args: {
    label: '线索',
    reason: {
      title: '页面模块版本不兼容：线索',
      hint: '该模块基于 react 20.0.0、react-dom 20.0.0 构建，与当前页面提供的 react 19.3.1、react-dom 19.3.1 不兼容，已停止加载以免页面出错。请联系管理员发布兼容的版本后重试。',
    },
  },
};
