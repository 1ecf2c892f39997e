import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { BalanceReport } from '@portal/contracts/reports';
import { BalanceTable } from './BalanceTable';

const row = { industry: '餐饮', saler: '李四', server: '王五', increment: 5000000 };
const report: BalanceReport = {
  rows: [
    { ...row, itemId: 1, title: '全国加盟项目', money: 1234567, beforeYesterdayCostMoney: 150000, yesterdayCostMoney: 162050, canConsumeDay: 8 },
    {
      ...row,
      itemId: 2,
      title: '华东推广项目',
      industry: '教育培训',
      money: 30000,
      beforeYesterdayCostMoney: 15000,
      yesterdayCostMoney: 16000,
      canConsumeDay: 2,
    },
    {
      ...row,
      itemId: 3,
      title: '西南招商项目',
      industry: '',
      money: 500,
      beforeYesterdayCostMoney: 9000,
      yesterdayCostMoney: 8000,
      canConsumeDay: 0,
    },
    { ...row, itemId: 4, title: '停投项目', money: 880000, beforeYesterdayCostMoney: 0, yesterdayCostMoney: 0, canConsumeDay: null },
  ],
  summary: { increment: 20000000, money: 2145067, beforeYesterdayCostMoney: 174000, yesterdayCostMoney: 186050 },
  yesterdayPending: false,
};

const meta = {
  title: 'mfe-reports/balance-center/BalanceTable',
  component: BalanceTable,
  args: { report },
} satisfies Meta<typeof BalanceTable>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Balances in yuan; 2 days or fewer in the error colour with 余额不足; '-' without an estimate. */
export const Projects: Story = {};
export const Refreshing: Story = { args: { loading: true } };
/** Before the day's consumption job (10:00, 11:00 at weekends): yesterday's cost reads 待结算, not 0. */
export const BeforeTheDailyJob: Story = {
  args: {
    report: {
      ...report,
      rows: report.rows.map((r) => ({ ...r, yesterdayCostMoney: 0 })),
      summary: { ...report.summary, yesterdayCostMoney: 0 },
      yesterdayPending: true,
    },
  },
};
// The page's loading, failed and empty states are QueryBlock's: see design-system/QueryBlock.
