import type { ReceiveRow } from '@portal/contracts/reports';
import type { TableColumnsType } from 'antd';
import { formatCount } from '../report-kit/money';
import { ReportText } from '../report-kit/texts';

/** 日期, 项目名称, 接收人 (未分配 when nobody received the leads), 资源数. */
export const receiveColumns: TableColumnsType<ReceiveRow> = [
  { key: 'dateTime', dataIndex: 'dateTime', title: ReportText.Date, width: 120 },
  { key: 'itemTitle', dataIndex: 'itemTitle', title: ReportText.ItemTitle },
  {
    key: 'crmFollower',
    dataIndex: 'crmFollower',
    title: ReportText.Receiver,
    render: (follower: string) => (follower.trim() === '' ? ReportText.Unassigned : follower),
  },
  { key: 'countNum', dataIndex: 'countNum', title: ReportText.ResourceCount, align: 'right', render: (count: number) => formatCount(count) },
];

/** A row's key: one row per day, project and receiver. */
export const receiveRowKey = (row: ReceiveRow): string => `${row.dateTime}|${row.itemId}|${row.crmFollower}`;
