import { isLowBalance, type BalanceReport, type BalanceRow } from '@portal/contracts/reports';
import { PortalTable } from '@portal/design-system';
import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import { formatYuan } from '../report-kit/money';
import { SummaryRow } from '../report-kit/SummaryRow';
import { ReportText } from '../report-kit/texts';

/** 预计可用天数: '-' without an estimate; LOW_BALANCE_DAYS or fewer in the theme's error colour with a 余额不足 tag. */
export function CanConsumeDays({ days }: { days: number | null }) {
  if (days === null) return <>{ReportText.None}</>;
  if (!isLowBalance(days)) return <>{days}</>;
  return (
    <Space size={4}>
      <Typography.Text type="danger" strong>
        {days}
      </Typography.Text>
      <Tag color="error">{ReportText.LowBalance}</Tag>
    </Space>
  );
}

const money = (fen: number) => formatYuan(fen);

/** Yesterday's cost before today's consumption job has booked it: 待结算, not 0. */
const yesterday = (pending: boolean) => (fen: number) => (pending && fen === 0 ? ReportText.Pending : money(fen));

/** 项目名称, 行业, 销售经理, 服务经理, 现金余额, 前天消耗, 昨天消耗 (yuan; 待结算 before the day's job), 预计可用天数. */
export const balanceColumns = (yesterdayPending: boolean): TableColumnsType<BalanceRow> => [
  { key: 'title', dataIndex: 'title', title: ReportText.ItemTitle },
  { key: 'industry', dataIndex: 'industry', title: ReportText.Industry, render: (text: string) => text || ReportText.None },
  { key: 'saler', dataIndex: 'saler', title: ReportText.SalesManager, render: (text: string) => text || ReportText.None },
  { key: 'server', dataIndex: 'server', title: ReportText.ServiceManager, render: (text: string) => text || ReportText.None },
  { key: 'money', dataIndex: 'money', title: ReportText.CashBalance, align: 'right', render: money },
  { key: 'beforeYesterdayCostMoney', dataIndex: 'beforeYesterdayCostMoney', title: ReportText.BeforeYesterdayCost, align: 'right', render: money },
  {
    key: 'yesterdayCostMoney',
    dataIndex: 'yesterdayCostMoney',
    title: ReportText.YesterdayCost,
    align: 'right',
    render: yesterday(yesterdayPending),
  },
  {
    key: 'canConsumeDay',
    dataIndex: 'canConsumeDay',
    title: ReportText.CanConsumeDay,
    align: 'right',
    render: (days: number | null) => <CanConsumeDays days={days} />,
  },
];

export interface BalanceTableProps {
  report: BalanceReport;
  loading?: boolean;
}

/** Every project's balance, whole (no pager), with the 合计 of the money columns. */
export function BalanceTable({ report, loading }: BalanceTableProps) {
  const { summary } = report;
  return (
    <PortalTable<BalanceRow>
      rowKey="itemId"
      size="middle"
      columns={balanceColumns(report.yesterdayPending === true)}
      dataSource={report.rows}
      loading={loading}
      pagination={false}
      summary={() => (
        <SummaryRow
          cells={[
            '',
            '',
            '',
            money(summary.money),
            money(summary.beforeYesterdayCostMoney),
            yesterday(report.yesterdayPending === true)(summary.yesterdayCostMoney),
            '',
          ]}
          figureAt={(index) => index === 5}
        />
      )}
    />
  );
}
