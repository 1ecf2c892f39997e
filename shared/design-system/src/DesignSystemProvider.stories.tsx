import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { App, Button, DatePicker, Pagination, Space } from 'antd';
import { DesignSystemProvider } from './DesignSystemProvider';

function ThemeSample() {
  const { message } = App.useApp();
  return (
    <Space orientation="vertical">
      <Space>
        <Button type="primary" onClick={() => message.success('保存成功！')}>
          保存
        </Button>
        <Button>取消</Button>
        <DatePicker.RangePicker />
      </Space>
      <Pagination total={85} showSizeChanger showQuickJumper />
    </Space>
  );
}

const meta = {
  title: 'design-system/DesignSystemProvider',
  component: DesignSystemProvider,
  args: { children: <ThemeSample /> },
} satisfies Meta<typeof DesignSystemProvider>;
export default meta;

type Story = StoryObj<typeof meta>;

/** antd in zh_CN with the portal theme; message works through App.useApp(). */
export const Default: Story = {};
