import type { ChatConversation } from '@portal/contracts/chat';
import { CountBadge, EmptyState, ErrorState, isRetryable, LoadingState, queryErrorText, visuallyHidden } from '@portal/design-system';
import { Flex, Pagination, Tag, theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { activityTime } from './activityTime';
import { CHAT_LIST_PAGE_SIZE, useGetChatConversationsQuery } from './chatApi';
import { ChatText } from './texts';

export interface ConversationListProps {
  page: number;
  onPage: (page: number) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/**
 * The target list: the visitors' conversations, newest activity first (the server's order), each
 * with its last message, the time of its last activity and its unread count; paged. Each target
 * is a button; the open one is marked current.
 */
export function ConversationList({ page, onPage, selectedId, onSelect }: ConversationListProps) {
  const query = useGetChatConversationsQuery({ page });
  const { token } = theme.useToken();

  if (query.isError && !query.data) {
    return (
      <ErrorState
        message={queryErrorText(query.error, ChatText.ConversationsFailed)}
        onRetry={isRetryable(query.error) ? () => void query.refetch() : undefined}
        minHeight={200}
      />
    );
  }
  if (!query.data) return <LoadingState minHeight={200} />;
  const { rows, pagination } = query.data;
  if (rows.length === 0 && page === 1) return <EmptyState description={ChatText.NoConversations} />;

  const item = (conversation: ChatConversation): CSSProperties => ({
    display: 'block',
    width: '100%',
    textAlign: 'left',
    padding: '10px 12px',
    border: 0,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    background: conversation.id === selectedId ? token.controlItemBgActive : 'transparent',
    cursor: 'pointer',
    font: 'inherit',
    color: 'inherit',
  });

  return (
    <Flex vertical gap={8}>
      <ul aria-label={ChatText.Targets} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((conversation) => (
          <li key={conversation.id}>
            <button
              type="button"
              style={item(conversation)}
              aria-current={conversation.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(conversation.id)}
            >
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong ellipsis>
                  {conversation.visitorName}
                </Typography.Text>
                <Flex align="center" gap={6} style={{ flex: 'none' }}>
                  {conversation.status === 'closed' ? <Tag style={{ marginInlineEnd: 0 }}>{ChatText.Closed}</Tag> : null}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    <time dateTime={conversation.lastActivityView.replace(' ', 'T')} title={conversation.lastActivityView}>
                      {activityTime(conversation.lastActivityView)}
                    </time>
                  </Typography.Text>
                </Flex>
              </Flex>
              <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 4 }}>
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
                  {conversation.lastMessage ?? ''}
                </Typography.Text>
                {conversation.unread > 0 ? (
                  <span style={{ flex: 'none' }}>
                    <span aria-hidden="true">
                      <CountBadge count={conversation.unread} />
                    </span>
                    <span style={visuallyHidden}>{ChatText.Unread(conversation.unread)}</span>
                  </span>
                ) : null}
              </Flex>
            </button>
          </li>
        ))}
      </ul>
      {pagination.totalRow > CHAT_LIST_PAGE_SIZE ? (
        <Flex justify="center">
          <Pagination
            simple
            size="small"
            current={page}
            pageSize={CHAT_LIST_PAGE_SIZE}
            total={pagination.totalRow}
            showTotal={ChatText.Total}
            onChange={onPage}
          />
        </Flex>
      ) : null}
    </Flex>
  );
}
