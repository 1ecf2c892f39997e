import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Welcome } from './Welcome';

const meta = {
  title: 'mfe-__name__/home/Welcome',
  component: Welcome,
  args: { account: 'demo' },
} satisfies Meta<typeof Welcome>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Account: Story = {};
// The page's loading, failed and empty states are QueryBlock's: see design-system/QueryBlock.
