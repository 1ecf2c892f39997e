import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { good } from '../../test/fixtures';
import { GoodCard } from './GoodCard';

const meta = {
  title: 'mall/GoodCard',
  component: GoodCard,
  decorators: [(Story) => <div style={{ width: 240 }}>{Story()}</div>],
} satisfies Meta<typeof GoodCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A good without a picture: the placeholder, its points price and market price range. */
export const WithoutPicture: Story = { args: { good: good(1, 2, '智能投放诊断服务') } };

/** One market price: shown once. */
export const OnePrice: Story = { args: { good: good(2, 1, '定制保温杯', { exchangeScore: 800, minMarketPrice: 5_900, maxMarketPrice: 5_900 }) } };
