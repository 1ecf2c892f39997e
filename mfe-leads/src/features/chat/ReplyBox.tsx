import { CHAT_MESSAGE_MAX, chatSendable } from '@portal/contracts/chat';
import { Alert, Button, Flex, Input } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { ChatText } from './texts';

/** Characters as the server counts them (code points: an emoji is one). */
const codePoints = (text: string): number => [...text].length;
/** The text cut to the limit, whole characters kept. */
const cutToLimit = (text: string, max: number): string => [...text].slice(0, max).join('');

export interface ReplyBoxProps {
  /** Sends the text (trimmed); resolves true once sent (the box empties), false when refused (the text stays). */
  onSend: (text: string) => Promise<boolean>;
  /** Why replying is off (closed, visitor gone): shown above the box, which is disabled while given. */
  disabledReason?: string | null;
  /** Off without a reason to show (the conversation still loading). */
  disabled?: boolean;
}

/**
 * The reply box: a text area of at most CHAT_MESSAGE_MAX characters (counted as shown), 发送
 * disabled while the text is empty or only spaces (spec 000 section 5), Enter sends, Shift+Enter
 * starts a new line (and Enter while an input method composes is the method's). When replying is
 * off the box says why and takes nothing.
 */
export function ReplyBox({ onSend, disabledReason, disabled = false }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const off = disabled || Boolean(disabledReason);
  const sendable = !off && !sending && chatSendable(text);

  const send = async () => {
    if (!sendable) return;
    setSending(true);
    try {
      if (await onSend(text.trim())) setText('');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <Flex vertical gap={8}>
      {disabledReason ? <Alert type="warning" showIcon title={disabledReason} /> : null}
      <Input.TextArea
        aria-label={ChatText.Reply}
        placeholder={off ? undefined : ChatText.ReplyPlaceholder}
        value={text}
        disabled={off}
        autoSize={{ minRows: 3, maxRows: 6 }}
        count={{ show: true, max: CHAT_MESSAGE_MAX, strategy: codePoints, exceedFormatter: (value, { max }) => cutToLimit(value, max) }}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Flex justify="flex-end">
        <Button type="primary" disabled={!sendable} loading={sending} onClick={() => void send()}>
          {ChatText.Send}
        </Button>
      </Flex>
    </Flex>
  );
}
