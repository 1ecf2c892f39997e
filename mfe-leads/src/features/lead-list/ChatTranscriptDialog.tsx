import { ResType } from '@portal/contracts';
import { parseTranscript, TRANSCRIPT_SENDER_LABELS, type TranscriptMessage } from '@portal/contracts/chat';
import { leadContentText, type Lead } from '@portal/contracts/leads';
import { Flex, Modal, theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { LeadListText } from './texts';

type TranscriptLead = Pick<Lead, 'name' | 'mobile' | 'resType' | 'content'>;

/** Whether a lead has a conversation to show: a smart-chat lead (resType 2) with a content. */
export const hasConversation = (lead: Pick<Lead, 'resType' | 'content'>): boolean =>
  lead.resType === ResType.SmartChat && leadContentText(lead.content).trim() !== '';

/** 对话记录：name（phone）, or the phone alone when the lead has no name. */
const titleOf = (lead: TranscriptLead | null): string => {
  if (!lead) return LeadListText.TranscriptTitle;
  const who = lead.name.trim() === '' ? lead.mobile : `${lead.name}（${lead.mobile}）`;
  return `${LeadListText.TranscriptTitle}：${who}`;
};

const textStyle: CSSProperties = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' };
const listStyle: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 12, margin: 0, padding: 0 };

function TranscriptItem({ message }: { message: TranscriptMessage }) {
  const { token } = theme.useToken();
  const customer = message.sender === 'customer';
  return (
    <li style={{ listStyle: 'none' }}>
      <Flex vertical align={customer ? 'flex-end' : 'flex-start'} gap={2}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <Typography.Text strong type="secondary" style={{ fontSize: 12 }}>
            {TRANSCRIPT_SENDER_LABELS[message.sender]}
          </Typography.Text>{' '}
          {message.time}
        </Typography.Text>
        {/* Text as written: React escapes it, so HTML in a message stays text. */}
        <div
          style={{
            ...textStyle,
            maxWidth: '80%',
            padding: '6px 12px',
            borderRadius: token.borderRadiusLG,
            background: customer ? token.colorPrimaryBg : token.colorFillTertiary,
          }}
        >
          {message.text}
        </div>
      </Flex>
    </li>
  );
}

export interface ChatTranscriptDialogProps {
  /** The smart-chat lead whose conversation shows; null keeps the dialog closed. */
  lead: TranscriptLead | null;
  onClose: () => void;
}

/**
 * A smart-chat lead's conversation (its content, written by the chat server, issue 23): message by
 * message, who and when, the visitor left and the customer right; a content that is no transcript
 * shows as plain text.
 */
export function ChatTranscriptDialog({ lead, onClose }: ChatTranscriptDialogProps) {
  const transcript = typeof lead?.content === 'string' ? parseTranscript(lead.content) : null;
  return (
    <Modal open={lead !== null} title={titleOf(lead)} footer={null} onCancel={onClose} destroyOnHidden width={640}>
      {transcript ? (
        <>
          {transcript.omitted ? (
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
              {LeadListText.TranscriptOmitted}
            </Typography.Paragraph>
          ) : null}
          <ol aria-label={LeadListText.TranscriptTitle} style={listStyle}>
            {transcript.messages.map((message, index) => (
              <TranscriptItem key={index} message={message} />
            ))}
          </ol>
        </>
      ) : (
        <Typography.Paragraph style={textStyle}>{lead ? leadContentText(lead.content) : ''}</Typography.Paragraph>
      )}
    </Modal>
  );
}
