import { BellOutlined, CloseOutlined } from '@ant-design/icons';
import { chatPanelPath, LEAD_LIST_ROUTES, type LeadListKind } from '@portal/contracts';
import { Button, Flex, theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { FrameRoute } from '../frame/texts';
import { chatNoticeText, leadNoticeText, RealtimeText } from './texts';

/** What a pop-up is about: the messages, one lead list, or the live chat. */
export type NoticeTarget = 'messages' | 'chat' | LeadListKind;

/** One pop-up: the arrivals of one target since it was last closed. */
export interface DataNotice {
  target: NoticeTarget;
  /** New leads on the list (not shown for messages: a poll knows a total, not each message). */
  count: number;
  /** The newest message's title (for the chat: the visitor's text), when known. */
  title?: string;
  /** The chat: the conversation written in, while all the pop-up's messages are of one. */
  conversationId?: number;
  /** The chat: the visitor who wrote last ('访客1234'). */
  visitorName?: string;
}

/** Where 查看 goes: the list, the message centre, or the chat panel (at the conversation when one). */
export const noticeRoute = (notice: Pick<DataNotice, 'target' | 'conversationId'>): string => {
  if (notice.target === 'messages') return FrameRoute.MessageCenter;
  if (notice.target === 'chat') return chatPanelPath(notice.conversationId);
  return LEAD_LIST_ROUTES[notice.target];
};

/** The accessible name of the pop-up: '新消息提醒', '新的在线咨询' or '新资源提醒'. */
export const noticeLabel = (target: NoticeTarget): string => {
  if (target === 'messages') return RealtimeText.MessageNoticeLabel;
  if (target === 'chat') return RealtimeText.ChatNoticeLabel;
  return RealtimeText.LeadNoticeLabel;
};

export const noticeText = (notice: DataNotice): string => {
  if (notice.target === 'messages') return RealtimeText.NewMessages;
  if (notice.target === 'chat') return chatNoticeText(notice.count, notice.visitorName);
  return leadNoticeText(notice.target, notice.count);
};

export interface NewDataNoticeProps {
  notice: DataNotice;
  onClose: () => void;
  /** Called as 查看 navigates to the list. */
  onView: () => void;
}

/** A closable card naming what arrived, with a 查看 link to its list (role alert, named by its heading). */
export function NewDataNotice({ notice, onClose, onView }: NewDataNoticeProps) {
  const { token } = theme.useToken();
  const label = noticeLabel(notice.target);
  const card: CSSProperties = {
    width: 320,
    padding: '12px 16px',
    background: token.colorBgElevated,
    borderRadius: token.borderRadiusLG,
    boxShadow: token.boxShadowSecondary,
    borderLeft: `4px solid ${token.colorPrimary}`,
  };
  return (
    <div role="alert" aria-label={label} style={card} data-notice={notice.target}>
      <Flex align="center" justify="space-between" gap={8}>
        <Typography.Text strong>
          <BellOutlined style={{ color: token.colorPrimary, marginRight: 8 }} />
          {label}
        </Typography.Text>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={RealtimeText.Close} title={RealtimeText.Close} onClick={onClose} />
      </Flex>
      <Typography.Paragraph style={{ margin: '8px 0 0' }}>{noticeText(notice)}</Typography.Paragraph>
      {notice.title ? (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }}>
          {notice.title}
        </Typography.Paragraph>
      ) : null}
      <Flex justify="flex-end" style={{ marginTop: 8 }}>
        <Link to={noticeRoute(notice)} onClick={onView}>
          {RealtimeText.View}
        </Link>
      </Flex>
    </div>
  );
}

export interface NewDataNoticeStackProps {
  notices: readonly DataNotice[];
  onClose: (target: NoticeTarget) => void;
  onView: (target: NoticeTarget) => void;
}

const stackStyle: CSSProperties = {
  position: 'fixed',
  right: 24,
  bottom: 24,
  zIndex: 1010,
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
};

/** The pop-ups, stacked in the bottom-right corner (newest lowest). */
export function NewDataNoticeStack({ notices, onClose, onView }: NewDataNoticeStackProps) {
  if (notices.length === 0) return null;
  return (
    <div style={stackStyle} className="portal-new-data-notices">
      {notices.map((notice) => (
        <NewDataNotice key={notice.target} notice={notice} onClose={() => onClose(notice.target)} onView={() => onView(notice.target)} />
      ))}
    </div>
  );
}
