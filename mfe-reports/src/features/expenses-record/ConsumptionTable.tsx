import type { ConsumptionReport, ConsumptionRow } from '@portal/contracts/reports';
import { PortalTable } from '@portal/design-system';
import type { TableColumnsType } from 'antd';
import { formatCount, formatYuan } from '../report-kit/money';
import { SummaryRow } from '../report-kit/SummaryRow';
import { ReportText } from '../report-kit/texts';
import type { ConsumptionGrid } from './consumptionApi';

const pad2 = (n: number): string => String(n).padStart(2, '0');
/** Days of a month of a year. */
const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The cells' columns: 1月 .. 12月, or the month's days (no 31st column for a 30-day month). */
const cellTitles = (grid: ConsumptionGrid, report: Pick<ConsumptionReport, 'year' | 'month'>): string[] =>
  grid === 'monthly' || report.month === null
    ? Array.from({ length: 12 }, (_, index) => ReportText.monthColumn(index + 1))
    : Array.from({ length: daysInMonth(report.year, report.month) }, (_, index) => String(index + 1));

/** A figure: money (fen) in yuan ('¥1,234.50'), points as whole numbers; '-' for a day or month not come yet. */
const figure = (value: number | null | undefined, money: boolean): string =>
  value === null || value === undefined ? ReportText.None : money ? formatYuan(value) : formatCount(value);

/**
 * A cell of the grid: on the daily grid a day from pendingFrom to today whose cost is not booked
 * yet (0) reads 待结算 (the job books a day the next morning), never 0.
 */
function cellText(report: ConsumptionReport, index: number, value: number | null | undefined): string {
  if (report.month !== null && value === 0) {
    const day = `${report.year}-${pad2(report.month)}-${pad2(index + 1)}`;
    if (day >= report.pendingFrom && day <= report.today) return ReportText.Pending;
  }
  return figure(value, report.money);
}

/** 项目名称 (kept in view), the months or days, 合计 (kept in view). */
export function consumptionColumns(grid: ConsumptionGrid, report: ConsumptionReport): TableColumnsType<ConsumptionRow> {
  return [
    { key: 'itemTitle', dataIndex: 'itemTitle', title: ReportText.ItemTitle, fixed: 'left', width: 180 },
    ...cellTitles(grid, report).map((title, index) => ({
      key: `cell${index}`,
      title,
      align: 'right' as const,
      render: (_: unknown, row: ConsumptionRow) => cellText(report, index, row.cells[index]),
    })),
    {
      key: 'total',
      dataIndex: 'total',
      title: ReportText.Total,
      align: 'right',
      fixed: 'right',
      render: (total: number) => figure(total, report.money),
    },
  ];
}

export interface ConsumptionTableProps {
  grid: ConsumptionGrid;
  report: ConsumptionReport;
  loading?: boolean;
}

/** One row per project, scrolling sideways, with the 合计 of every month or day. */
export function ConsumptionTable({ grid, report, loading }: ConsumptionTableProps) {
  const titles = cellTitles(grid, report);
  return (
    <PortalTable<ConsumptionRow>
      rowKey="itemId"
      size="small"
      bordered
      columns={consumptionColumns(grid, report)}
      dataSource={report.rows}
      loading={loading}
      pagination={false}
      summary={() => (
        <SummaryRow
          cells={[...titles.map((_, index) => cellText(report, index, report.summary.cells[index])), figure(report.summary.total, report.money)]}
          figureAt={() => true}
        />
      )}
    />
  );
}
