import { CommonMessage, LeadMessage } from '@portal/contracts';
import { PUSH_STATUS_LABELS, type PushLogRow, type PushStatus } from '@portal/contracts/crm';
import { ConfirmAction, PortalTable } from '@portal/design-system';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import type { EndpointPage } from '@portal/api-client';
import { isRetryable, PushLogText, STATUS_COLORS } from './texts';

export interface PushLogTableProps {
  page: EndpointPage<PushLogRow>;
  loading?: boolean;
  onPageChange: (page: number, pageSize: number) => void;
  /** 查看记录: the row's attempt history. */
  onView: (row: PushLogRow) => void;
  /** 重新推送 (refused and failed rows, after '确定操作？'). */
  onRetry: (row: PushLogRow) => Promise<unknown>;
}

const orNone = (value: string | null) => value || PushLogText.None;

/** A push state as a coloured tag. */
export function PushStatusTag({ status }: { status: string }) {
  return <Tag color={STATUS_COLORS[status]}>{PUSH_STATUS_LABELS[status as PushStatus] ?? status}</Tag>;
}

/**
 * The pushes of a CRM, newest first, paged (sizes 10 to 100): the lead, its phone and project, the
 * state, how many attempts, the CRM's id, the CRM's reason of the last failure, the next retry
 * of a pending push, when it was queued; 查看记录 and, for refused or failed ones, 重新推送.
 */
export function PushLogTable({ page, loading, onPageChange, onView, onRetry }: PushLogTableProps) {
  const columns: TableColumnsType<PushLogRow> = [
    { key: 'leadName', dataIndex: 'leadName', title: PushLogText.Lead, render: orNone },
    { key: 'mobile', dataIndex: 'mobile', title: PushLogText.Phone, render: orNone },
    { key: 'itemTitle', dataIndex: 'itemTitle', title: PushLogText.Item, render: orNone },
    { key: 'status', dataIndex: 'status', title: PushLogText.Status, render: (status: string) => <PushStatusTag status={status} /> },
    { key: 'attempts', dataIndex: 'attempts', title: PushLogText.Attempts, align: 'right' },
    { key: 'crmId', dataIndex: 'crmId', title: PushLogText.CrmId, render: orNone },
    { key: 'lastReason', dataIndex: 'lastReason', title: PushLogText.Reason, render: orNone, width: 240 },
    { key: 'nextAttemptAt', dataIndex: 'nextAttemptAt', title: PushLogText.NextRetry, render: orNone },
    { key: 'createTime', dataIndex: 'createTime', title: PushLogText.Time },
    {
      key: 'actions',
      title: PushLogText.Actions,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onView(row)}>
            {PushLogText.View}
          </Button>
          {isRetryable(row.status) && (
            <ConfirmAction title={LeadMessage.ConfirmOperation} cancelMessage={CommonMessage.OperationCancelled} onConfirm={() => onRetry(row)}>
              <Button type="link" size="small">
                {PushLogText.Retry}
              </Button>
            </ConfirmAction>
          )}
        </Space>
      ),
    },
  ];
  return (
    <PortalTable<PushLogRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={page.rows}
      loading={loading}
      pagination={{ page: page.pagination.page, pageSize: page.pagination.pageSize, total: page.pagination.totalRow }}
      onPageChange={onPageChange}
      emptyText={PushLogText.Empty}
    />
  );
}
