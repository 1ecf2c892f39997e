import { topupTypeLabel, type TopupReport, type TopupRow } from '@portal/contracts/reports';
import { PortalTable } from '@portal/design-system';
import type { TableColumnsType } from 'antd';
import { formatYuan } from '../report-kit/money';
import { SummaryRow } from '../report-kit/SummaryRow';
import { ReportText } from '../report-kit/texts';

/** 编号, 项目名称, 充值金额 (yuan), 类型, 到账日期, 备注, 录入时间. */
export const topupColumns: TableColumnsType<TopupRow> = [
  { key: 'id', dataIndex: 'id', title: ReportText.TopupId, width: 90 },
  { key: 'itemTitle', dataIndex: 'itemTitle', title: ReportText.ItemTitle },
  { key: 'money', dataIndex: 'money', title: ReportText.TopupMoney, align: 'right', render: (fen: number) => formatYuan(fen) },
  { key: 'type', dataIndex: 'type', title: ReportText.TopupType, render: (type: number) => topupTypeLabel(type) },
  { key: 'payTime', dataIndex: 'payTime', title: ReportText.PayTime },
  { key: 'remark', dataIndex: 'remark', title: ReportText.Remark, render: (remark: string) => remark || ReportText.None },
  { key: 'publishTime', dataIndex: 'publishTime', title: ReportText.PublishTime },
];

export interface TopupTableProps {
  report: TopupReport;
  loading?: boolean;
  onPageChange?: (page: number, pageSize: number) => void;
}

/** A page of top-ups, the 合计 of every record of the filters, and the pager of the answer. */
export function TopupTable({ report, loading, onPageChange }: TopupTableProps) {
  const { page, pageSize, totalRow } = report.pagination;
  return (
    <PortalTable<TopupRow>
      rowKey="id"
      size="middle"
      columns={topupColumns}
      dataSource={report.rows}
      loading={loading}
      pagination={{ page, pageSize, total: totalRow }}
      onPageChange={onPageChange}
      summary={() => <SummaryRow cells={['', formatYuan(report.summary.money), '', '', '', '']} />}
    />
  );
}
