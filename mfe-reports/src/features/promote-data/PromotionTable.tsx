import { isCostPending, type PromotionReport, type PromotionRow } from '@portal/contracts/reports';
import { PortalTable } from '@portal/design-system';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { formatCount, formatYuan } from '../report-kit/money';
import { SummaryRow } from '../report-kit/SummaryRow';
import { ReportText } from '../report-kit/texts';

const count = (value: number) => formatCount(value);
const yuan = (fen: number) => formatYuan(fen);
const text = (value: string) => value || ReportText.None;

/**
 * 日期, 项目名称, 留言数, 电话请求数, 总资源数, 消耗积分 (when the account is billed in points), 消耗金额,
 * 均价 (yuan), 服务经理, 销售. A day from `pendingFrom` on has no booked cost yet: 待结算, not 0.
 */
export function promotionColumns(showCostCoin: boolean, pendingFrom: string): TableColumnsType<PromotionRow> {
  const pending = (render: (value: number) => string) => (value: number, row: PromotionRow) =>
    isCostPending(row.day, row.costMoney, pendingFrom) ? ReportText.Pending : render(value);
  return [
    { key: 'day', dataIndex: 'day', title: ReportText.Date, width: 120 },
    { key: 'itemTitle', dataIndex: 'itemTitle', title: ReportText.ItemTitle },
    { key: 'feedback', dataIndex: 'feedback', title: ReportText.Feedback, align: 'right', render: count },
    { key: 'phone', dataIndex: 'phone', title: ReportText.Phone, align: 'right', render: count },
    { key: 'total', dataIndex: 'total', title: ReportText.TotalResources, align: 'right', render: count },
    ...(showCostCoin
      ? [{ key: 'costCoin', dataIndex: 'costCoin', title: ReportText.CostCoin, align: 'right' as const, render: pending(count) }]
      : []),
    { key: 'costMoney', dataIndex: 'costMoney', title: ReportText.CostMoney, align: 'right', render: pending(yuan) },
    { key: 'price', dataIndex: 'price', title: ReportText.Price, align: 'right', render: pending(yuan) },
    { key: 'server', dataIndex: 'server', title: ReportText.Server, render: text },
    { key: 'saler', dataIndex: 'saler', title: ReportText.Saler, render: text },
  ];
}

export interface PromotionTableProps {
  report: PromotionReport;
  loading?: boolean;
  onPageChange?: (page: number, pageSize: number) => void;
}

/** A page of the promotion report, the 合计 of every row of the filters, the pager of the answer. */
export function PromotionTable({ report, loading, onPageChange }: PromotionTableProps) {
  const { page, pageSize, totalRow } = report.pagination;
  const { summary, showCostCoin } = report;
  const cells: ReactNode[] = [
    '',
    count(summary.feedback),
    count(summary.phone),
    count(summary.total),
    ...(showCostCoin ? [count(summary.costCoin)] : []),
    yuan(summary.costMoney),
    yuan(summary.price),
    '',
    '',
  ];
  return (
    <PortalTable<PromotionRow>
      rowKey={(row) => `${row.day}|${row.itemId}`}
      size="middle"
      columns={promotionColumns(showCostCoin, report.pendingFrom)}
      dataSource={report.rows}
      loading={loading}
      pagination={{ page, pageSize, total: totalRow }}
      onPageChange={onPageChange}
      summary={() => <SummaryRow cells={cells} />}
    />
  );
}
