import type { ReceiveReport, ReceiveRow, ReportLeadGroup } from '@portal/contracts/reports';
import { PortalTable } from '@portal/design-system';
import { formatCount } from '../report-kit/money';
import { SummaryRow } from '../report-kit/SummaryRow';
import { receiveColumns, receiveRowKey } from './receiveColumns';

export interface ReceiveTableProps {
  report: ReceiveReport;
  /** Whose lists the figures open (智能投放 or 常规投放). */
  group: ReportLeadGroup;
  loading?: boolean;
  onPageChange?: (page: number, pageSize: number) => void;
}

/** The receive report's table: a page of rows, the 合计 of every row of the filters, the pager of the answer. */
export function ReceiveTable({ report, group, loading, onPageChange }: ReceiveTableProps) {
  const { page, pageSize, totalRow } = report.pagination;
  return (
    <PortalTable<ReceiveRow>
      rowKey={receiveRowKey}
      size="middle"
      columns={receiveColumns(group)}
      dataSource={report.rows}
      loading={loading}
      pagination={{ page, pageSize, total: totalRow }}
      onPageChange={onPageChange}
      summary={() => <SummaryRow cells={['', '', formatCount(report.summary.countNum), formatCount(report.summary.duplicates)]} />}
    />
  );
}
