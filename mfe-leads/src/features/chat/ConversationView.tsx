import { UserOutlined } from '@ant-design/icons';
import { queryErrorMessage } from '@portal/api-client';
import type { ChatMessageView } from '@portal/contracts/chat';
import { ConfirmAction, ErrorState, isRetryable, LoadingState, queryErrorText, visuallyHidden } from '@portal/design-system';
import { App, Avatar, Button, Descriptions, Flex, Tag, theme, Typography } from 'antd';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import {
  useCloseChatMutation,
  useGetChatConversationQuery,
  useGetChatHistoryQuery,
  useLazyGetChatHistoryQuery,
  useReplyChatMutation,
} from './chatApi';
import { ReplyBox } from './ReplyBox';
import { ChatText } from './texts';

/** The earlier pages and the newest one, oldest first, each message once. */
export function mergeMessages(earlier: readonly ChatMessageView[], newest: readonly ChatMessageView[]): ChatMessageView[] {
  const byId = new Map<number, ChatMessageView>();
  for (const message of [...earlier, ...newest]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function MessageItem({ message }: { message: ChatMessageView }) {
  const { token } = theme.useToken();
  const mine = message.className === 'customer';
  const bubble: CSSProperties = {
    maxWidth: '70%',
    padding: '8px 12px',
    borderRadius: token.borderRadiusLG,
    background: mine ? token.colorPrimaryBg : token.colorFillTertiary,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
  };
  const avatar = mine ? (
    <Avatar src={message.avatar ?? undefined} icon={<UserOutlined />} alt="" />
  ) : (
    <Avatar style={{ background: token.colorPrimary }}>{ChatText.Visitor.slice(0, 1)}</Avatar>
  );
  return (
    <li data-side={mine ? 'right' : 'left'} style={{ listStyle: 'none' }}>
      <Flex gap={8} align="flex-start" justify={mine ? 'flex-end' : 'flex-start'} style={{ flexDirection: mine ? 'row-reverse' : 'row' }}>
        <span aria-hidden="true">{avatar}</span>
        <Flex vertical align={mine ? 'flex-end' : 'flex-start'} gap={2} style={{ maxWidth: '100%' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <span style={visuallyHidden}>{mine ? ChatText.Me : ChatText.Visitor}</span>
            {message.publishTimeView}
          </Typography.Text>
          {/* Text as typed: React escapes it, so HTML in a message stays text. */}
          <div style={bubble}>{message.message}</div>
        </Flex>
      </Flex>
    </li>
  );
}

export interface ConversationViewProps {
  id: number;
}

/**
 * One conversation: who and where, the messages (visitor left, customer right; the newest page
 * follows new messages, 加载更早的消息 pages back by `before`), the reply box (off, saying why,
 * once replyEnabled is false) and 结束对话 with a confirmation. Mounted anew per conversation
 * (its earlier pages are its own).
 */
export function ConversationView({ id }: ConversationViewProps) {
  const { message: toast } = App.useApp();
  const conversation = useGetChatConversationQuery(id);
  const newest = useGetChatHistoryQuery({ id });
  const [loadEarlier] = useLazyGetChatHistoryQuery();
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlier, setEarlier] = useState<{ messages: ChatMessageView[]; hasMore: boolean } | null>(null);
  const [reply] = useReplyChatMutation();
  const [close, closing] = useCloseChatMutation();
  const { token } = theme.useToken();

  const messages = mergeMessages(earlier?.messages ?? [], newest.data?.messages ?? []);
  const hasMore = earlier ? earlier.hasMore : (newest.data?.hasMore ?? false);

  // Scrolling: at the bottom when opened and when new messages come; in place when earlier ones are put above.
  const scroller = useRef<HTMLDivElement>(null);
  const kept = useRef<{ height: number; top: number } | null>(null);
  const lastId = messages.length > 0 ? messages[messages.length - 1].id : 0;
  const firstId = messages.length > 0 ? messages[0].id : 0;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (kept.current) {
      element.scrollTop = kept.current.top + (element.scrollHeight - kept.current.height);
      kept.current = null;
    } else {
      element.scrollTop = element.scrollHeight;
    }
  }, [lastId, firstId]);

  const showEarlier = async () => {
    if (firstId === 0 || loadingEarlier) return;
    const element = scroller.current;
    setLoadingEarlier(true);
    try {
      const page = await loadEarlier({ id, before: firstId }).unwrap();
      if (element) kept.current = { height: element.scrollHeight, top: element.scrollTop };
      setEarlier((current) => ({ messages: mergeMessages(page.messages, current?.messages ?? []), hasMore: page.hasMore }));
    } catch (error) {
      toast.error(queryErrorMessage(error, ChatText.EarlierFailed));
    } finally {
      // In the same render as the messages: the button is ready again as they show.
      setLoadingEarlier(false);
    }
  };

  const send = async (text: string): Promise<boolean> => {
    try {
      await reply({ id, message: text }).unwrap();
      return true;
    } catch (error) {
      toast.error(queryErrorMessage(error, ChatText.SendFailed));
      return false;
    }
  };

  const closeConversation = async () => {
    try {
      await close(id).unwrap();
      toast.success(ChatText.Closing);
    } catch (error) {
      toast.error(queryErrorMessage(error, ChatText.CloseFailed));
    }
  };

  if (conversation.isError && !conversation.data) {
    return (
      <ErrorState
        message={queryErrorText(conversation.error, ChatText.MessagesFailed)}
        onRetry={isRetryable(conversation.error) ? () => void conversation.refetch() : undefined}
        minHeight={300}
      />
    );
  }
  const target = conversation.data;
  const replyEnabled = newest.data?.replyEnabled ?? target?.replyEnabled ?? false;
  const closed = target?.status === 'closed';
  const reason = target && !replyEnabled ? (closed ? ChatText.ClosedReason : ChatText.GoneReason) : null;

  return (
    <section aria-label={target ? target.visitorName : ChatText.Title} style={{ display: 'flex', flexDirection: 'column', gap: 12, minWidth: 0 }}>
      {target ? (
        <Flex justify="space-between" align="flex-start" gap={12} wrap>
          <div style={{ minWidth: 0 }}>
            <Flex align="center" gap={8}>
              <h2 style={{ margin: 0, fontSize: 16 }}>{target.visitorName}</h2>
              {closed ? <Tag>{ChatText.Closed}</Tag> : !target.replyEnabled ? <Tag>{ChatText.Gone}</Tag> : null}
              {target.leadId !== null ? <Tag color="green">{ChatText.Lead}</Tag> : null}
            </Flex>
            <Descriptions
              size="small"
              column={1}
              style={{ marginTop: 4 }}
              items={[
                ...(target.itemTitle ? [{ key: 'item', label: ChatText.Project, children: target.itemTitle }] : []),
                ...(target.phone ? [{ key: 'phone', label: ChatText.Phone, children: target.phone }] : []),
                ...(target.pageUrl
                  ? [
                      {
                        key: 'page',
                        label: ChatText.Page,
                        children: (
                          <Typography.Link href={target.pageUrl} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 360 }}>
                            {target.pageUrl}
                          </Typography.Link>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </div>
          <ConfirmAction
            title={ChatText.CloseConfirm}
            description={ChatText.CloseDescription}
            cancelMessage={null}
            onConfirm={closeConversation}
            disabled={closed}
          >
            <Button danger disabled={closed} loading={closing.isLoading}>
              {ChatText.Close}
            </Button>
          </ConfirmAction>
        </Flex>
      ) : null}

      <div
        ref={scroller}
        style={{ height: 420, overflowY: 'auto', padding: 12, background: token.colorBgLayout, borderRadius: token.borderRadiusLG }}
      >
        {newest.isError && !newest.data ? (
          <ErrorState
            message={queryErrorText(newest.error, ChatText.MessagesFailed)}
            onRetry={isRetryable(newest.error) ? () => void newest.refetch() : undefined}
            minHeight={300}
          />
        ) : !newest.data ? (
          <LoadingState minHeight={300} />
        ) : (
          <>
            <Flex justify="center" style={{ marginBottom: 8 }}>
              {hasMore ? (
                // Disabled while a page loads, not antd's `loading`: that one lags a render behind the
                // prop (its own state), so a click as the page showed was dropped.
                <Button size="small" type="link" disabled={loadingEarlier} onClick={() => void showEarlier()}>
                  {ChatText.LoadEarlier}
                </Button>
              ) : messages.length > 0 ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {ChatText.NoEarlier}
                </Typography.Text>
              ) : null}
            </Flex>
            {messages.length === 0 ? (
              <Typography.Text type="secondary">{ChatText.NoMessages}</Typography.Text>
            ) : (
              <ol aria-label={ChatText.Messages} style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
                {messages.map((message) => (
                  <MessageItem key={message.id} message={message} />
                ))}
              </ol>
            )}
          </>
        )}
      </div>

      <ReplyBox onSend={send} disabledReason={reason} disabled={!target || !newest.data} />
    </section>
  );
}
