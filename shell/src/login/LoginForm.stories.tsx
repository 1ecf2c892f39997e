import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { LoginForm } from './LoginForm';

const meta = {
  title: 'shell/LoginForm',
  component: LoginForm,
  args: { onSubmit: fn() },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
} satisfies Meta<typeof LoginForm>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const RememberedAccount: Story = { args: { rememberedAccount: 'demo' } };
export const LoggingIn: Story = { args: { rememberedAccount: 'demo', submitting: true } };
export const WrongCredentials: Story = { args: { rememberedAccount: 'demo', error: '账号或密码错误' } };
export const LockedOut: Story = { args: { rememberedAccount: 'demo', error: '登录失败次数过多，请15分钟后再试' } };
