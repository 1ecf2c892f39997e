import { ApiError } from '@portal/api-client';
import { AuthErrorCode, AuthMessage } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { ForcedPasswordDialog } from './ForcedPasswordDialog';

const meta = {
  title: 'shell/ForcedPasswordDialog',
  component: ForcedPasswordDialog,
  args: { open: true, loginAccount: 'demo', typedPassword: 'Old12345', onSubmit: fn(async () => undefined), onCancel: fn() },
} satisfies Meta<typeof ForcedPasswordDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Code 10002 after login: the account is prefilled; the old password must be the one just typed (Old12345). */
export const Open: Story = {};

/** The server refuses the old password: its message shows on the field. */
export const ServerRefusesOldPassword: Story = {
  args: { onSubmit: fn(async () => Promise.reject(new ApiError(400, AuthErrorCode.OldPasswordWrong, AuthMessage.OldPasswordWrong))) },
};

/** Any other failure shows above the buttons. */
export const ServerError: Story = {
  args: { onSubmit: fn(async () => Promise.reject(new ApiError(500, '500', '服务器开小差了，请稍后再试'))) },
};
