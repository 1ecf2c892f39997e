import type { Lead } from '@portal/contracts';
import { PUSH_STATUS_LABELS, PushStatus } from '@portal/contracts/crm';
import { Space, Tag, Typography } from 'antd';
import { LeadListText } from './texts';

export interface ReceiverCellProps {
  lead: Pick<Lead, 'crmFollower' | 'crmPushed' | 'crmPushState'>;
}

/** Tag colours of the push states: under way, done, refused by the CRM, failed after its retries. */
const PUSH_STATE_COLORS: Record<PushStatus, string> = {
  [PushStatus.Pending]: 'processing',
  [PushStatus.Delivered]: 'success',
  [PushStatus.Refused]: 'warning',
  [PushStatus.Failed]: 'error',
};

/**
 * The push state a row shows: its jobs' (the server sends the most pressing of them), else
 * 已推送 for a lead marked pushed that has no job (pushed before the push log existed).
 */
const shownPushState = (lead: ReceiverCellProps['lead']): PushStatus | null => lead.crmPushState ?? (lead.crmPushed ? PushStatus.Delivered : null);

/** The 接待人 cell: the receiver (or 未分配) and, beside it, the state of the lead's CRM push. */
export function ReceiverCell({ lead }: ReceiverCellProps) {
  const state = shownPushState(lead);
  const receiver = lead.crmFollower || <Typography.Text type="secondary">{LeadListText.NotAssigned}</Typography.Text>;
  if (!state) return receiver;
  return (
    <Space size={4} wrap>
      {receiver}
      <Tag color={PUSH_STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
        {PUSH_STATUS_LABELS[state]}
      </Tag>
    </Space>
  );
}
