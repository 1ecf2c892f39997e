import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { PieChart } from './PieChart';

const provinces = ['广东', '江苏', '浙江', '山东', '河南', '四川', '湖北', '湖南', '福建', '安徽', '河北', '陕西'];

const meta = {
  title: 'design-system/charts/PieChart',
  component: PieChart,
  args: {
    title: '地域分析',
    data: provinces.slice(0, 5).map((name, i) => ({ name, value: 120 - i * 17 })),
  },
} satisfies Meta<typeof PieChart>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A few slices: each labelled with its share. */
export const FewSlices: Story = {};
/** Twelve provinces: past the eighth they fold into 其他, so labels never overlap. */
export const FoldsIntoOther: Story = { args: { data: provinces.map((name, i) => ({ name, value: 200 - i * 15 })) } };
export const OneSlice: Story = { args: { data: [{ name: '广东', value: 42 }] } };
export const Empty: Story = { args: { data: [] } };
/** The page names the chart itself (the title still names the drawing for screen readers). */
export const WithoutTitle: Story = { args: { showTitle: false, height: 240 } };
