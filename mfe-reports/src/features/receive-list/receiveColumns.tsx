import { DuplicateText, NO_RECEIVER } from '@portal/contracts/leads';
import type { ReceiveRow, ReportLeadGroup } from '@portal/contracts/reports';
import type { TableColumnsType } from 'antd';
import { ListFigure } from '../report-kit/listLinks';
import { ReportText } from '../report-kit/texts';

const unassigned = (follower: string): boolean => follower.trim() === '';

/**
 * 日期, 项目名称, 接收人 (未分配 when nobody received the leads), 资源数 (the originals) and 重复 (the
 * duplicates, issue 24): each a link to the day's leads of the project in the group's lists,
 * filtered to the row's receiver (the lists' 接待人 filter; for 未分配, NO_RECEIVER: the leads
 * without a receiver) and to originals or duplicates.
 */
export const receiveColumns = (group: ReportLeadGroup): TableColumnsType<ReceiveRow> => [
  { key: 'dateTime', dataIndex: 'dateTime', title: ReportText.Date, width: 120 },
  { key: 'itemTitle', dataIndex: 'itemTitle', title: ReportText.ItemTitle },
  {
    key: 'crmFollower',
    dataIndex: 'crmFollower',
    title: ReportText.Receiver,
    render: (follower: string) => (unassigned(follower) ? ReportText.Unassigned : follower),
  },
  ...(['countNum', 'duplicates'] as const).map((key) => ({
    key,
    dataIndex: key,
    title: key === 'countNum' ? ReportText.ResourceCount : DuplicateText.Tag,
    align: 'right' as const,
    render: (count: number, row: ReceiveRow) => (
      <ListFigure
        group={group}
        value={count}
        scope={{
          startTime: row.dateTime,
          endTime: row.dateTime,
          itemId: row.itemId,
          crmFollower: unassigned(row.crmFollower) ? NO_RECEIVER : row.crmFollower,
          duplicate: key === 'duplicates' ? 1 : 0,
        }}
        label={`${row.dateTime} ${row.itemTitle} ${unassigned(row.crmFollower) ? ReportText.Unassigned : row.crmFollower}${key === 'duplicates' ? ` ${DuplicateText.Tag}` : ''}`}
      />
    ),
  })),
];

/** A row's key: one row per day, project and receiver. */
export const receiveRowKey = (row: ReceiveRow): string => `${row.dateTime}|${row.itemId}|${row.crmFollower}`;
