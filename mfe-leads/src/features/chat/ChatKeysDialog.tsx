import { CopyOutlined } from '@ant-design/icons';
import { queryErrorMessage } from '@portal/api-client';
import { ITEM_STATUS_LABELS, ItemStatus, type PlatformItem } from '@portal/contracts';
import { chatWidgetTag, type ChatKey } from '@portal/contracts/chat';
import { QueryBlock, type QueryBlockQuery } from '@portal/design-system';
import { App, Button, Flex, Input, Modal, Tag, theme, Typography } from 'antd';
import { useId } from 'react';
import { useCreateChatKeyMutation, useGetChatItemsQuery, useGetChatKeysQuery, useRevokeChatKeyMutation } from './chatKeysApi';
import { ChatText } from './texts';

/** One entry of the dialog: a project with its active keys, or an active key whose project is gone. */
export interface ChatKeyRow {
  /** The project; null for a key whose project is gone (no key can be made for it). */
  itemId: number | null;
  title: string;
  /** The project's status (ItemStatus); null for a gone project. */
  status: number | null;
  /** Its active keys, newest first (the server's order); usually one. */
  keys: ChatKey[];
}

/**
 * The dialog's entries: every project of the customer in the list's order with its active keys,
 * then each active key whose project is no longer in the list (it still works: stop it here).
 */
export function chatKeyRows(items: PlatformItem[], keys: ChatKey[]): ChatKeyRow[] {
  const active = keys.filter((key) => key.status === 'active');
  const known = new Set(items.map((item) => item.id));
  const rows: ChatKeyRow[] = items.map((item) => ({
    itemId: item.id,
    title: item.title,
    status: item.status,
    keys: active.filter((key) => key.itemId === item.id),
  }));
  for (const key of active) {
    if (key.itemId === null || !known.has(key.itemId))
      rows.push({ itemId: null, title: key.itemTitle ?? ChatText.ItemGone, status: null, keys: [key] });
  }
  return rows;
}

/** The address the landing pages load the widget from: this portal's. */
const portalOrigin = (): string => window.location.origin;

function KeyCode({ chatKey, title, headingId }: { chatKey: ChatKey; title: string; headingId: string }) {
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const [revoke, revoking] = useRevokeChatKeyMutation();
  const code = chatWidgetTag(chatKey.key, portalOrigin());

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      void message.success(ChatText.Copied);
    } catch {
      void message.error(ChatText.CopyFailed);
    }
  };

  const stop = async () => {
    try {
      await revoke(chatKey.id).unwrap();
      void message.success(ChatText.KeyRevoked);
    } catch (failure) {
      void message.error(queryErrorMessage(failure, ChatText.RevokeKeyFailed));
    }
  };

  // A dialog of its own (not a popover): the list is in a dialog already, and the question needs its explanation.
  const confirmStop = () =>
    modal.confirm({
      title: ChatText.RevokeConfirm,
      content: ChatText.RevokeDescription,
      okText: ChatText.RevokeKey,
      okButtonProps: { danger: true },
      cancelText: ChatText.Cancel,
      onOk: stop,
    });

  return (
    <Flex vertical gap={6}>
      <Input.TextArea
        readOnly
        value={code}
        aria-label={ChatText.Code(title)}
        autoSize
        spellCheck={false}
        onFocus={(event) => event.target.select()}
        style={{ fontFamily: token.fontFamilyCode, fontSize: 13, background: token.colorFillQuaternary }}
      />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {ChatText.CreatedAt(chatKey.createTimeView)}
        </Typography.Text>
        <Flex gap={8}>
          <Button size="small" icon={<CopyOutlined aria-hidden />} aria-describedby={headingId} onClick={() => void copy()}>
            {ChatText.Copy}
          </Button>
          <Button size="small" danger aria-haspopup="dialog" aria-describedby={headingId} loading={revoking.isLoading} onClick={confirmStop}>
            {ChatText.RevokeKey}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}

function ChatKeyEntry({ row }: { row: ChatKeyRow }) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const headingId = useId();
  const [create, creating] = useCreateChatKeyMutation();
  const itemId = row.itemId;

  const createKey = async (id: number) => {
    try {
      await create(id).unwrap();
      void message.success(ChatText.KeyCreated);
    } catch (failure) {
      void message.error(queryErrorMessage(failure, ChatText.CreateKeyFailed));
    }
  };

  return (
    <li aria-labelledby={headingId} style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <h2 id={headingId} style={{ margin: 0, fontSize: token.fontSize, fontWeight: token.fontWeightStrong }}>
            {row.title}
          </h2>
          {row.status !== null && row.status !== ItemStatus.OnAir ? (
            <Tag style={{ marginInlineEnd: 0 }}>{ITEM_STATUS_LABELS[row.status as ItemStatus] ?? ''}</Tag>
          ) : null}
        </Flex>
        {itemId !== null && row.keys.length === 0 ? (
          <Button type="primary" size="small" aria-describedby={headingId} loading={creating.isLoading} onClick={() => void createKey(itemId)}>
            {ChatText.CreateKey}
          </Button>
        ) : null}
      </Flex>
      {row.keys.length === 0 ? (
        <Typography.Text type="secondary">{ChatText.NoKey}</Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          {row.itemId === null ? <Typography.Text type="secondary">{ChatText.ItemGoneHint}</Typography.Text> : null}
          {row.keys.map((key) => (
            <KeyCode key={key.id} chatKey={key} title={row.title} headingId={headingId} />
          ))}
        </Flex>
      )}
    </li>
  );
}

/** The dialog's body: mounted while it is open, so that it asks the server each time it opens. */
function ChatKeysContent() {
  const items = useGetChatItemsQuery();
  const keys = useGetChatKeysQuery();
  const failed = items.isError ? items : keys.isError ? keys : null;
  const query: QueryBlockQuery<ChatKeyRow[]> = {
    data: items.data && keys.data ? chatKeyRows(items.data, keys.data) : undefined,
    isLoading: items.isLoading || keys.isLoading,
    isFetching: items.isFetching || keys.isFetching,
    isError: failed !== null,
    error: failed?.error,
    refetch: () => {
      if (items.isError) void items.refetch();
      if (keys.isError) void keys.refetch();
    },
  };

  return (
    <Flex vertical gap={8}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {ChatText.KeysHint}
      </Typography.Paragraph>
      <QueryBlock query={query} emptyText={ChatText.NoProjects} errorText={ChatText.KeysFailed} minHeight={200}>
        {(rows) => (
          <ul aria-label={ChatText.KeysProjects} style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflowY: 'auto' }}>
            {rows.map((row) => (
              <ChatKeyEntry key={row.itemId ?? `key-${row.keys[0]?.id}`} row={row} />
            ))}
          </ul>
        )}
      </QueryBlock>
    </Flex>
  );
}

export interface ChatKeysDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 在线咨询接入代码: the customer's projects, each with the script tag of its active chat key (the
 * widget from this portal, `chatWidgetTag`) to copy into its landing pages, 生成接入代码 for a
 * project without one, and 停用 (confirmed: new conversations with it are refused, open ones go on).
 */
export function ChatKeysDialog({ open, onClose }: ChatKeysDialogProps) {
  return (
    <Modal
      open={open}
      title={ChatText.KeysTitle}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{ChatText.CloseDialog}</Button>}
      width={720}
      destroyOnHidden
    >
      <ChatKeysContent />
    </Modal>
  );
}
