import { AuthErrorCode, AuthMessage, changePasswordSchema, PasswordPrompt } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Button, Form, Input } from 'antd';
import { PasswordFields, passwordFieldErrors, type PasswordFieldNames } from './PasswordFields';

const NAMES: PasswordFieldNames = { old: 'oldPassword', next: 'password', confirm: 'confirm' };

/** The change-password form as the shell lays it out; 确认修改 answers as a server refusing the old password would. */
function ChangePasswordForm({ schema }: { schema: typeof changePasswordSchema }) {
  const [form] = Form.useForm();
  const refuse = () =>
    form.setFields(passwordFieldErrors({ code: AuthErrorCode.OldPasswordWrong, message: AuthMessage.OldPasswordWrong }, NAMES) ?? []);
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={refuse}>
      <Form.Item label="原密码" name="oldPassword">
        <Input.Password placeholder={PasswordPrompt.Old} autoComplete="current-password" />
      </Form.Item>
      <PasswordFields schema={schema} names={NAMES} />
      <Button type="primary" htmlType="submit">
        确认修改
      </Button>
    </Form>
  );
}

const meta = {
  title: 'design-system/PasswordFields',
  component: PasswordFields,
  args: { schema: changePasswordSchema, names: NAMES },
  render: (args) => <ChangePasswordForm schema={args.schema as typeof changePasswordSchema} />,
} satisfies Meta<typeof PasswordFields>;
export default meta;

type Story = StoryObj<typeof meta>;

/** 8-18 letters and digits with both, confirm equal, not the old one; a wrong old password comes back by its code. */
export const ChangePassword: Story = {};
