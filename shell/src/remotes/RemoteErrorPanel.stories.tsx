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
