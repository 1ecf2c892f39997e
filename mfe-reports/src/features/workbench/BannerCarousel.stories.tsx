import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { BannerCarousel } from './BannerCarousel';
import { BlockState } from './BlockState';
import { storyBanners } from './storyData';

const meta = {
  title: 'mfe-reports/workbench/BannerCarousel',
  component: BannerCarousel,
  args: { banners: storyBanners, height: 180, onNavigate: fn() },
} satisfies Meta<typeof BannerCarousel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** linkType 0 is a picture only; another site opens in a new tab; a portal page goes through onNavigate. */
export const Carousel: Story = {};
export const OneBanner: Story = { args: { banners: storyBanners.slice(1, 2) } };
export const Empty: Story = {
  render: (args) => (
    <BlockState loading={false} empty onRetry={fn()} minHeight={args.height}>
      <BannerCarousel {...args} />
    </BlockState>
  ),
};
export const Failed: Story = {
  render: (args) => (
    <BlockState loading={false} error={{ message: '网络异常，请稍后再试' }} empty={false} onRetry={fn()}>
      <BannerCarousel {...args} />
    </BlockState>
  ),
};
