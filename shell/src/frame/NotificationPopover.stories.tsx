import { installFakeHttp, type FakeReply } from '@portal/api-client/testing';
import { CHINA_UTC_OFFSET_MS } from '@portal/contracts';
import { resetUnreadCounters, setUnreadCounters } from '@portal/event-bus';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MemoryRouter } from 'react-router-dom';
import { userEvent, within } from 'storybook/test';
import { StoryData } from '../testing/StoryData';
import { NotificationPopover } from './NotificationPopover';

const MINUTE = 60_000;
const chinaTimeAgo = (ms: number): string => new Date(Date.now() - ms + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

const unread = [
  { id: 5, title: '您有 3 条新线索待跟进', contents: '', createTime: chinaTimeAgo(3 * MINUTE), type: 1, status: 0 },
  {
    id: 4,
    title: '系统维护通知：本周六 02:00-04:00 暂停服务，请提前安排',
    contents: '',
    createTime: chinaTimeAgo(2 * 60 * MINUTE),
    type: 0,
    status: 0,
  },
  { id: 3, title: '积分商城上新', contents: '', createTime: chinaTimeAgo(26 * 60 * MINUTE), type: 0, status: 0 },
];

/** The unread counter and the popover's list answer of a story; undone after it. */
const serve = (customer: number, reply: FakeReply) => () => {
  const http = installFakeHttp();
  http.on('GET /customer/message/messages', reply);
  setUnreadCounters({ messages: { customer } });
  return () => {
    http.restore();
    resetUnreadCounters();
  };
};

const meta = {
  title: 'shell/NotificationPopover',
  component: NotificationPopover,
  decorators: [
    (Story) => (
      <StoryData>
        <MemoryRouter>
          <div style={{ display: 'flex', justifyContent: 'flex-end', width: 480, minHeight: 320 }}>{Story()}</div>
        </MemoryRouter>
      </StoryData>
    ),
  ],
  // Opened, as after a click on the bell.
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '消息通知' }));
  },
  parameters: { docs: { description: { component: 'The bell of the top navigation: hover or click for the newest unread notices.' } } },
} satisfies Meta<typeof NotificationPopover>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Three unread notices with their age; the bell counts all unread ones. */
export const Unread: Story = { beforeEach: serve(7, { body: unread }) };

/** Above the cap the badge reads 99+. */
export const ManyUnread: Story = { beforeEach: serve(120, { body: unread }) };

/** Nothing unread: no badge, 暂无未读消息. */
export const NothingUnread: Story = { beforeEach: serve(0, { body: [] }) };

/** The list call failed. */
export const Failed: Story = { beforeEach: serve(2, { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } }) };
