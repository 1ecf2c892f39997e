import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Button, Form } from 'antd';
import { PhoneInput } from './PhoneInput';
import { phoneRule } from './phoneRule';

const meta = {
  title: 'design-system/PhoneInput',
  component: PhoneInput,
} satisfies Meta<typeof PhoneInput>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Digits only, at most 11. */
export const Alone: Story = {};

/** With phoneRule: '请输入手机号' when empty, '格式不正确' otherwise. */
export const InForm: Story = {
  render: () => (
    <Form layout="inline" onFinish={() => {}}>
      <Form.Item label="手机号" name="telephone" rules={[phoneRule]}>
        <PhoneInput />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          提交
        </Button>
      </Form.Item>
    </Form>
  ),
};
