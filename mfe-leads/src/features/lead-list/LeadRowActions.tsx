import { canAssignManually, ReadStatus } from '@portal/contracts';
import { leadQuestionnaire, type Lead } from '@portal/contracts/leads';
import { ConfirmAction } from '@portal/design-system';
import { Button, Space } from 'antd';
import { Link } from 'react-router-dom';
import { feedbackDetailPath } from '../../routes';
import { hasConversation } from './ChatTranscriptDialog';
import { LeadListText } from './texts';

export interface LeadRowActionsProps {
  lead: Lead;
  /** Links to the feedback message detail page. */
  detailPage?: boolean;
  onToggleRead: (lead: Lead) => void;
  onQuestionnaire: (lead: Lead) => void;
  /** Shows a smart-chat lead's conversation (its content); without it (the detail page, which shows the content) no 查看对话. */
  onTranscript?: (lead: Lead) => void;
  onAssign: (lead: Lead) => void;
  onDelete: (lead: Lead) => Promise<unknown>;
}

const compact = { paddingInline: 4 } as const;

/**
 * The 操作 cell: read toggle, questionnaire (when filled), conversation (smart-chat leads with a
 * content), detail, manual assignment (when allowed), delete.
 */
export function LeadRowActions({ lead, detailPage, onToggleRead, onQuestionnaire, onTranscript, onAssign, onDelete }: LeadRowActionsProps) {
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" style={compact} onClick={() => onToggleRead(lead)}>
        {lead.readStatus === ReadStatus.Read ? LeadListText.MarkUnread : LeadListText.MarkRead}
      </Button>
      {leadQuestionnaire(lead.datas).length > 0 ? (
        <Button type="link" size="small" style={compact} onClick={() => onQuestionnaire(lead)}>
          {LeadListText.Questionnaire}
        </Button>
      ) : null}
      {onTranscript && hasConversation(lead) ? (
        <Button type="link" size="small" style={compact} onClick={() => onTranscript(lead)}>
          {LeadListText.Transcript}
        </Button>
      ) : null}
      {detailPage ? (
        <Link to={feedbackDetailPath(lead.id)} state={{ lead }} style={compact}>
          {LeadListText.Detail}
        </Link>
      ) : null}
      {canAssignManually(lead) ? (
        <Button type="link" size="small" style={compact} onClick={() => onAssign(lead)}>
          {LeadListText.Assign}
        </Button>
      ) : null}
      <ConfirmAction onConfirm={() => onDelete(lead)}>
        <Button type="link" size="small" danger style={compact}>
          {LeadListText.Delete}
        </Button>
      </ConfirmAction>
    </Space>
  );
}
