import { installFakeHttp } from '@portal/api-client/testing';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { StoryData } from '../testing/StoryData';
import { SuggestionDialog } from './SuggestionDialog';

const meta = {
  title: 'shell/SuggestionDialog',
  component: SuggestionDialog,
  args: { open: true, onClose: fn() },
  decorators: [(Story) => <StoryData>{Story()}</StoryData>],
  parameters: {
    docs: { description: { component: 'Opened from 意见建议 in the top navigation (full brand). 提交 with a blank text shows 信息不能为空.' } },
  },
} satisfies Meta<typeof SuggestionDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** 提交 thanks and closes. */
export const Sends: Story = {
  beforeEach: () => {
    const http = installFakeHttp();
    http.on('POST /customer/message/suggestions', { body: { code: '200', message: '成功', data: null } });
    return () => http.restore();
  },
};

/** 提交 fails: the server's message, and the text stays. */
export const SendFails: Story = {
  beforeEach: () => {
    const http = installFakeHttp();
    http.on('POST /customer/message/suggestions', { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } });
    return () => http.restore();
  },
};
