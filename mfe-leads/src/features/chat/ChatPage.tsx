import { CodeOutlined } from '@ant-design/icons';
import { ChatMessageEvent, ChatViewingEvent, getEventBus, setChatUnread } from '@portal/event-bus';
import { EmptyState, PageFrame } from '@portal/design-system';
import { Button, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { CHAT_LIST_TAG, chatApi, useReadChatMutation } from './chatApi';
import { ChatKeysDialog } from './ChatKeysDialog';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';
import { ChatText } from './texts';

/** The conversation of `?id=`, or null. */
const openId = (value: string | null): number | null => (value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/** Whether the user is looking at the page now: its tab shown and its window focused. */
const pageLooked = (): boolean => document.visibilityState === 'visible' && document.hasFocus();

/**
 * 在线对话, the chat panel (spec 000 section 2; issue 23): the target list, the open conversation
 * (`?id=`, so that a link or the shell's notice opens it) and its reply box.
 *
 * Opening a conversation marks it read; the answer's total moves the menu's chat counter on the
 * event bus. A new visitor message (ChatMessageEvent, from the shell's socket or its fallback
 * poll) reloads the list and, when it is the open conversation's, its newest messages, read at
 * once while the page is looked at, else when the window gets the focus back. The panel tells
 * the bus which conversation it shows (ChatViewingEvent): the shell keeps its notice and sound for
 * the others. Its header's 接入代码 opens the customer's chat keys (ChatKeysDialog).
 */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = openId(params.get('id'));
  const [page, setPage] = useState(1);
  const [keysOpen, setKeysOpen] = useState(false);
  const dispatch = useDispatch();
  const [read] = useReadChatMutation();
  const { token } = theme.useToken();

  const selected = useRef(selectedId);
  selected.current = selectedId;
  /** A message of the open conversation came while the page was not looked at: read it on focus. */
  const unseen = useRef(false);

  const markRead = useCallback(
    async (id: number) => {
      try {
        const { totalUnread } = await read(id).unwrap();
        setChatUnread(totalUnread);
      } catch {
        // Not read this time (network, conversation gone): the counters stay; the next open reads again.
      }
    },
    [read],
  );

  useEffect(() => {
    unseen.current = false;
    if (selectedId !== null) void markRead(selectedId);
  }, [selectedId, markRead]);

  useEffect(() => {
    const bus = getEventBus();
    bus.publish(new ChatViewingEvent({ conversationId: selectedId }));
    return () => bus.publish(new ChatViewingEvent({ conversationId: null }));
  }, [selectedId]);

  useEffect(() => {
    const subscription = getEventBus().subscribe(ChatMessageEvent, ({ payload }) => {
      const open = selected.current;
      // A poll's rise names no conversation: the open one may have it.
      const inOpen = open !== null && (payload.conversationId === undefined || payload.conversationId === open);
      if (!inOpen) {
        dispatch(chatApi.util.invalidateTags([CHAT_LIST_TAG]));
        return;
      }
      dispatch(chatApi.util.invalidateTags([{ type: 'ChatHistory', id: open }]));
      if (pageLooked()) {
        // The read reloads the list and the conversation.
        void markRead(open);
      } else {
        unseen.current = true;
        dispatch(chatApi.util.invalidateTags([CHAT_LIST_TAG, { type: 'ChatConversation', id: open }]));
      }
    });
    const onFocus = () => {
      const open = selected.current;
      if (open === null || !unseen.current) return;
      unseen.current = false;
      void markRead(open);
    };
    window.addEventListener('focus', onFocus);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('focus', onFocus);
    };
  }, [dispatch, markRead]);

  const select = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('id', String(id));
    setParams(next);
  };

  return (
    <PageFrame
      title={ChatText.Title}
      extra={
        <Button icon={<CodeOutlined aria-hidden />} aria-haspopup="dialog" onClick={() => setKeysOpen(true)}>
          {ChatText.Keys}
        </Button>
      }
    >
      <ChatKeysDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <div
          style={{
            flex: '1 1 260px',
            maxWidth: 360,
            minWidth: 0,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <ConversationList page={page} onPage={setPage} selectedId={selectedId} onSelect={select} />
        </div>
        <div style={{ flex: '999 1 420px', minWidth: 0 }}>
          {selectedId === null ? (
            <div style={{ minHeight: 300, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <EmptyState description={ChatText.ChooseConversation} />
            </div>
          ) : (
            <ConversationView key={selectedId} id={selectedId} />
          )}
        </div>
      </div>
    </PageFrame>
  );
}
