import { type LeadPushState, leadState } from '@portal/contracts';
import { type Lead } from '@portal/contracts/leads';
import { Space, Tag, Typography } from 'antd';

export interface ReceiverCellProps {
  lead: Pick<Lead, 'crmFollower' | 'crmPushed' | 'crmPushState' | 'remark'>;
}

/** Tag colours of the push states: under way, done, refused by the CRM, failed after its retries. */
const PUSH_STATE_COLORS: Record<LeadPushState, string> = {
  pending: 'processing',
  delivered: 'success',
  refused: 'warning',
  failed: 'error',
};

/**
 * The 接待人 cell: the receiver (else CRM中已存在 for a CRM duplicate, else 未分配) and, beside it,
 * the state of the lead's CRM push; both from leadState (@portal/contracts), as the server's
 * 已分配 filter and the manual assignment.
 */
export function ReceiverCell({ lead }: ReceiverCellProps) {
  const state = leadState(lead);
  const receiver = state.receiver ?? <Typography.Text type="secondary">{state.receiverText}</Typography.Text>;
  if (!state.pushState) return receiver;
  return (
    <Space size={4} wrap>
      {receiver}
      <Tag color={PUSH_STATE_COLORS[state.pushState]} style={{ marginInlineEnd: 0 }}>
        {state.pushLabel}
      </Tag>
    </Space>
  );
}
