import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { ReceiveReport } from '@portal/contracts/reports';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { ReceiveTable } from './ReceiveTable';

const followers = ['张三', '李四', ''];
const report: ReceiveReport = {
  rows: Array.from({ length: 10 }, (_, index) => ({
    dateTime: `2026-03-${String(20 - index).padStart(2, '0')}`,
    itemId: 1 + (index % 2),
    itemTitle: index % 2 === 0 ? '全国加盟项目' : '华东推广项目',
    crmFollower: followers[index % 3],
    countNum: 3 + ((index * 7) % 40),
    duplicates: index % 4 === 0 ? 1 : 0,
  })),
  summary: { countNum: 1386, duplicates: 15 },
  pagination: { page: 1, pageSize: 10, totalRow: 57, totalPage: 6 },
  startTime: '2026-02-20',
  endTime: '2026-03-20',
};

const meta = {
  title: 'mfe-reports/receive-list/ReceiveTable',
  component: ReceiveTable,
  args: { report, group: 'smart', onPageChange: fn() },
  // Each 资源数 is a link to its leads in the lists.
  decorators: [(Story) => <MemoryRouter>{Story()}</MemoryRouter>],
} satisfies Meta<typeof ReceiveTable>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A page of rows (a receiver-less row reads 未分配), the 合计 of every page, the pager. */
export const FirstPage: Story = {};
export const OnePage: Story = {
  args: {
    report: {
      ...report,
      rows: report.rows.slice(0, 3),
      summary: { countNum: 36, duplicates: 1 },
      pagination: { page: 1, pageSize: 10, totalRow: 3, totalPage: 1 },
    },
  },
};
// The page's loading, failed and empty states are QueryBlock's: see design-system/QueryBlock.
