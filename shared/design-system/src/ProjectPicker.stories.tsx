import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { ProjectPicker } from './ProjectPicker';

const items = [
  { id: 1, title: '餐饮加盟', status: 1 },
  { id: 2, title: '教育培训', status: 1 },
  { id: 3, title: '家居建材', status: 0 },
  { id: 4, title: '美容美发', status: -1 },
];

const meta = {
  title: 'design-system/ProjectPicker',
  component: ProjectPicker,
  args: { items },
} satisfies Meta<typeof ProjectPicker>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Projects not on air are marked with their status, and selectable. */
export const Default: Story = {
  render: function Render(args) {
    const [value, setValue] = useState<number | null>(null);
    return <ProjectPicker {...args} value={value} onChange={setValue} />;
  },
};

export const WithAll: Story = {
  ...Default,
  args: { allowAll: true },
};
