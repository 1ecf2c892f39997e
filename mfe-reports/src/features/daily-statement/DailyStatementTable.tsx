import type { DailyStatement, DailyStatementRow, ReportLeadGroup } from '@portal/contracts/reports';
import { PortalTable } from '@portal/design-system';
import type { TableColumnsType } from 'antd';
import { ListFigure } from '../report-kit/listLinks';
import { formatCount } from '../report-kit/money';
import { SummaryRow } from '../report-kit/SummaryRow';
import { ReportText } from '../report-kit/texts';

/** The days of the month, 1 to daysInMonth: no 31st column for a 30-day month. */
const daysOf = (daysInMonth: number): number[] => Array.from({ length: daysInMonth }, (_, index) => index + 1);

/** 'YYYY-MM-DD' of a day of the statement's month. */
const dateOf = (month: string, day: number): string => `${month}-${String(day).padStart(2, '0')}`;

/** 项目名称 (kept in view), the month's days (a link to the leads of that day; '-' for a day not come yet), 合计. */
export function dailyStatementColumns(
  statement: Pick<DailyStatement, 'month' | 'daysInMonth'>,
  group: ReportLeadGroup,
): TableColumnsType<DailyStatementRow> {
  const { month, daysInMonth } = statement;
  const monthStart = dateOf(month, 1);
  const monthEnd = dateOf(month, daysInMonth);
  return [
    { key: 'itemTitle', dataIndex: 'itemTitle', title: ReportText.ItemTitle, fixed: 'left', width: 180 },
    ...daysOf(daysInMonth).map((day) => ({
      key: `day${day}`,
      title: String(day),
      align: 'right' as const,
      width: 56,
      render: (_: unknown, row: DailyStatementRow) => {
        const date = dateOf(month, day);
        return (
          <ListFigure
            group={group}
            value={row.days[day - 1]}
            lists={row.lists[day - 1]}
            scope={{ startTime: date, endTime: date, itemId: row.itemId }}
            label={`${row.itemTitle} ${date}`}
          />
        );
      },
    })),
    {
      key: 'total',
      dataIndex: 'total',
      title: ReportText.Total,
      align: 'right',
      fixed: 'right',
      width: 80,
      render: (total: number, row: DailyStatementRow) => (
        <ListFigure
          group={group}
          value={total}
          scope={{ startTime: monthStart, endTime: monthEnd, itemId: row.itemId }}
          label={`${row.itemTitle} ${month} ${ReportText.Total}`}
        />
      ),
    },
  ];
}

export interface DailyStatementTableProps {
  statement: DailyStatement;
  group: ReportLeadGroup;
  loading?: boolean;
}

/** One row per project, scrolling sideways, with the 合计 of every day; every figure opens its leads in the lists. */
export function DailyStatementTable({ statement, group, loading }: DailyStatementTableProps) {
  const { month, daysInMonth, summary } = statement;
  const days = daysOf(daysInMonth);
  const cells = [
    ...days.map((day) => {
      const date = dateOf(month, day);
      return (
        <ListFigure
          key={day}
          group={group}
          value={summary.days[day - 1]}
          scope={{ startTime: date, endTime: date }}
          label={`${ReportText.Total} ${date}`}
        />
      );
    }),
    formatCount(summary.total),
  ];
  return (
    <PortalTable<DailyStatementRow>
      rowKey="itemId"
      size="small"
      bordered
      columns={dailyStatementColumns(statement, group)}
      dataSource={statement.rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      summary={() => <SummaryRow cells={cells} figureAt={() => true} />}
    />
  );
}
