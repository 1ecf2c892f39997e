import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { PushLogRow } from '@portal/contracts/crm';
import { PushLogTable } from './PushLogTable';

const row = (change: Partial<PushLogRow>): PushLogRow => ({
  id: 1,
  leadId: 101,
  leadName: '张三',
  mobile: '13800000001',
  itemTitle: '全国加盟项目',
  crmCode: 'ec',
  status: 'delivered',
  attempts: 1,
  crmId: 'ec-9001',
  lastReason: null,
  nextAttemptAt: null,
  createTime: '2026-03-02 10:00:00',
  deliveredAt: '2026-03-02 10:00:01',
  origin: 'auto',
  ...change,
});

const rows = [
  row({}),
  row({ id: 2, leadName: '李四', mobile: '13800000002', status: 'refused', crmId: null, lastReason: '手机号格式错误' }),
  row({
    id: 3,
    leadName: '王五',
    mobile: '13800000003',
    status: 'pending',
    attempts: 3,
    crmId: null,
    lastReason: 'CRM服务暂时不可用，请稍后再试',
    nextAttemptAt: '2026-03-02 11:30:00',
  }),
  row({
    id: 4,
    leadName: '赵六',
    mobile: '13800000004',
    itemTitle: '华东推广项目',
    status: 'failed',
    attempts: 10,
    crmId: null,
    lastReason: '连接超时',
  }),
];

const meta = {
  title: 'mfe-crm/push-log/PushLogTable',
  component: PushLogTable,
  args: {
    page: { rows, pagination: { page: 1, pageSize: 10, totalRow: 36, totalPage: 4 } },
    onPageChange: () => undefined,
    onView: () => undefined,
    onRetry: () => Promise.resolve(),
  },
} satisfies Meta<typeof PushLogTable>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Each state as a tag; refused and failed pushes offer 重新推送 (after '确定操作？'). */
export const Pushes: Story = {};
export const Refreshing: Story = { args: { loading: true } };
// The tab's loading, failed and empty states are QueryBlock's: see design-system/QueryBlock.
