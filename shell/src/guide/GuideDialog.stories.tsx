import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { BrandProvider } from '../brand/BrandContext';
import { BRANDS } from '../brand/brands';
import { GuideDialog } from './GuideDialog';

const meta = {
  title: 'shell/GuideDialog',
  component: GuideDialog,
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof GuideDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The five steps; 跳过 on each, 完成 on the last. */
export const FullBrand: Story = {
  decorators: [(Story) => <BrandProvider brand={BRANDS.full}>{Story()}</BrandProvider>],
};

/** Other hosts: step 4 says nothing of points. */
export const OtherBrand: Story = {
  decorators: [(Story) => <BrandProvider brand={BRANDS.other}>{Story()}</BrandProvider>],
};
