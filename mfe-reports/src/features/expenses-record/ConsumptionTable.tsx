import type { ConsumptionReport, ConsumptionRow } from '@portal/contracts/reports';
import { PortalTable } from '@portal/design-system';
import type { TableColumnsType } from 'antd';
import { formatCount, formatYuan } from '../report-kit/money';
import { SummaryRow } from '../report-kit/SummaryRow';
import { ReportText } from '../report-kit/texts';
import type { ConsumptionGrid } from './consumptionApi';

/** The cells' columns: 1月 .. 12月, or the days 1 .. 31. */
const cellTitles = (grid: ConsumptionGrid): string[] =>
  grid === 'monthly'
    ? Array.from({ length: 12 }, (_, index) => ReportText.monthColumn(index + 1))
    : Array.from({ length: 31 }, (_, index) => String(index + 1));

/** A figure: money (fen) in yuan, points as whole numbers; '-' for a day the month does not have. */
const cell = (value: number | null | undefined, money: boolean): string =>
  value === null || value === undefined ? ReportText.None : money ? formatYuan(value) : formatCount(value);

/** 项目名称 (kept in view), the months or days, 合计 (kept in view). */
export function consumptionColumns(grid: ConsumptionGrid, money: boolean): TableColumnsType<ConsumptionRow> {
  return [
    { key: 'itemTitle', dataIndex: 'itemTitle', title: ReportText.ItemTitle, fixed: 'left', width: 180 },
    ...cellTitles(grid).map((title, index) => ({
      key: `cell${index}`,
      title,
      align: 'right' as const,
      render: (_: unknown, row: ConsumptionRow) => cell(row.cells[index], money),
    })),
    { key: 'total', dataIndex: 'total', title: ReportText.Total, align: 'right', fixed: 'right', render: (total: number) => cell(total, money) },
  ];
}

export interface ConsumptionTableProps {
  grid: ConsumptionGrid;
  report: ConsumptionReport;
  loading?: boolean;
}

/** One row per project, scrolling sideways, with the 合计 of every month or day. */
export function ConsumptionTable({ grid, report, loading }: ConsumptionTableProps) {
  const titles = cellTitles(grid);
  return (
    <PortalTable<ConsumptionRow>
      rowKey="itemId"
      size="small"
      bordered
      columns={consumptionColumns(grid, report.money)}
      dataSource={report.rows}
      loading={loading}
      pagination={false}
      summary={() => (
        <SummaryRow
          cells={[...titles.map((_, index) => cell(report.summary.cells[index], report.money)), cell(report.summary.total, report.money)]}
        />
      )}
    />
  );
}
