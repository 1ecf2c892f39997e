import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { BannerCarousel } from './BannerCarousel';
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
// The block's loading, failed and empty states are QueryBlock's: see design-system/QueryBlock.
