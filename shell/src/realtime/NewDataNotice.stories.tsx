import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { NewDataNotice, NewDataNoticeStack } from './NewDataNotice';

const meta = {
  title: 'shell/NewDataNotice',
  component: NewDataNotice,
  args: { notice: { target: 'resource', count: 1 }, onClose: fn(), onView: fn() },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <div style={{ padding: 24, minHeight: 200, background: '#f5f5f5' }}>{Story()}</div>
      </MemoryRouter>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          'The pop-up of a new lead or message (role alert, named 新资源提醒 or 新消息提醒), bottom-right in the frame; ' +
          'it comes with the chime (when the sound reminder is on) and the alternating tab title.',
      },
    },
  },
} satisfies Meta<typeof NewDataNotice>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The new-resource pop-up: one new smart-investment lead; 查看 goes to /resource. */
export const NewResource: Story = {};

/** Several form leads since it was last closed; 查看 goes to /info-list. */
export const NewFormLeads: Story = {
  args: { notice: { target: 'infoList', count: 3 } },
};

/** A new notice with its title; 查看 goes to /message-center. */
export const NewMessage: Story = {
  args: { notice: { target: 'messages', count: 1, title: '系统维护通知：今晚22:00至23:00暂停服务' } },
};

/** What the frame shows after a catch-up: one pop-up per list and one for the messages, stacked bottom-right. */
export const Stack: Story = {
  render: (args) => (
    <NewDataNoticeStack
      notices={[
        { target: 'messages', count: 1, title: '您的账户已充值500元' },
        { target: 'infoList', count: 2 },
        { target: 'resource', count: 5 },
      ]}
      onClose={args.onClose}
      onView={args.onView}
    />
  ),
};
