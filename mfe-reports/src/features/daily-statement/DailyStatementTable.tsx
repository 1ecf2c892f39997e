import type { DailyStatement, DailyStatementRow } from '@portal/contracts/reports';
import { PortalTable } from '@portal/design-system';
import type { TableColumnsType } from 'antd';
import { formatCount } from '../report-kit/money';
import { SummaryRow } from '../report-kit/SummaryRow';
import { ReportText } from '../report-kit/texts';

/** The days of a statement's columns: always 1 to 31 (the spec's grid), days past the month's end read '-'. */
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/** A day's count: '-' past the month's end (null, or a day the month does not have). */
const dayCell = (value: number | null | undefined, day: number, daysInMonth: number): string =>
  day > daysInMonth || value === null || value === undefined ? ReportText.None : formatCount(value);

/** 项目名称 (kept in view), 1 .. 31, 合计. */
export function dailyStatementColumns(daysInMonth: number): TableColumnsType<DailyStatementRow> {
  return [
    { key: 'itemTitle', dataIndex: 'itemTitle', title: ReportText.ItemTitle, fixed: 'left', width: 180 },
    ...DAYS.map((day) => ({
      key: `day${day}`,
      title: String(day),
      align: 'right' as const,
      width: 56,
      render: (_: unknown, row: DailyStatementRow) => dayCell(row.days[day - 1], day, daysInMonth),
    })),
    {
      key: 'total',
      dataIndex: 'total',
      title: ReportText.Total,
      align: 'right',
      fixed: 'right',
      width: 80,
      render: (total: number) => formatCount(total),
    },
  ];
}

export interface DailyStatementTableProps {
  statement: DailyStatement;
  loading?: boolean;
}

/** One row per project, scrolling sideways, with the 合计 of every day. */
export function DailyStatementTable({ statement, loading }: DailyStatementTableProps) {
  const { daysInMonth, summary } = statement;
  return (
    <PortalTable<DailyStatementRow>
      rowKey="itemId"
      size="small"
      bordered
      columns={dailyStatementColumns(daysInMonth)}
      dataSource={statement.rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      summary={() => <SummaryRow cells={[...DAYS.map((day) => dayCell(summary.days[day - 1], day, daysInMonth)), formatCount(summary.total)]} />}
    />
  );
}
