import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import { fn } from 'storybook/test';
import { SearchBar } from './SearchBar';

const meta = {
  title: 'design-system/SearchBar',
  component: SearchBar,
  args: {
    onSearch: fn(),
    children: (
      <>
        <Form.Item name="range" label="时间">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="phone" label="电话">
          <Input placeholder="请输入电话" allowClear />
        </Form.Item>
        <Form.Item name="readStatus" label="状态">
          <Select
            style={{ width: 120 }}
            placeholder="全部"
            allowClear
            options={[
              { value: 0, label: '未读' },
              { value: 1, label: '已读' },
            ]}
          />
        </Form.Item>
      </>
    ),
  },
} satisfies Meta<typeof SearchBar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithExtraActions: Story = { args: { extra: <Button>导出</Button> } };
