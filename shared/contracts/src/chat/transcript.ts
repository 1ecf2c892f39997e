import type { ChatSender } from './constants';

/**
 * The conversation as a smart-chat lead's content (issue 23): plain text, a message a line,
 * '访客 2026-11-28 10:00:00：text' or '客服 …', oldest first; TRANSCRIPT_OMITTED first when older
 * messages were left out. The server writes it (transcriptLine), the lead lists read it
 * (parseTranscript): the format lives here, once.
 *
 * A message of several lines continues on lines starting with TRANSCRIPT_CONTINUATION, so a line a
 * visitor typed never reads as a message of its own (a visitor typing '客服 …' on a new line does
 * not speak for the customer).
 */

/** Who wrote a line, as the transcript names them. */
export const TRANSCRIPT_SENDER_LABELS: Readonly<Record<ChatSender, string>> = { visitor: '访客', customer: '客服' };
/** Between the time and the text. */
export const TRANSCRIPT_SEPARATOR = '：';
/** The first line when older messages were left out. */
export const TRANSCRIPT_OMITTED = '……';
/** The start of each further line of a message of several lines. */
export const TRANSCRIPT_CONTINUATION = '  ';

/** A message of a transcript: `time` China time 'YYYY-MM-DD HH:mm:ss'. */
export interface TranscriptMessage {
  sender: ChatSender;
  time: string;
  text: string;
}

/** A transcript read back: its messages in order, and whether older ones were left out. */
export interface Transcript {
  omitted: boolean;
  messages: TranscriptMessage[];
}

const LINE_BREAK = /\r\n|\r|\n/;

/** A message's line(s) of the transcript ('访客 2026-11-28 10:00:00：text'), `time` China time 'YYYY-MM-DD HH:mm:ss'. */
export function transcriptLine(sender: ChatSender, time: string, text: string): string {
  const [first, ...rest] = text.split(LINE_BREAK);
  return [
    `${TRANSCRIPT_SENDER_LABELS[sender]} ${time}${TRANSCRIPT_SEPARATOR}${first}`,
    ...rest.map((line) => `${TRANSCRIPT_CONTINUATION}${line}`),
  ].join('\n');
}

const SENDER_OF_LABEL = new Map<string, ChatSender>(
  (Object.entries(TRANSCRIPT_SENDER_LABELS) as [ChatSender, string][]).map(([sender, label]) => [label, sender]),
);
const MESSAGE_LINE = new RegExp(
  `^(${Object.values(TRANSCRIPT_SENDER_LABELS).join('|')}) (\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})${TRANSCRIPT_SEPARATOR}`,
);

/**
 * A lead's content read as a transcript, or null when it is none (empty, or its first line, after
 * TRANSCRIPT_OMITTED, is not a message): show it as plain text then. A line that is not a message
 * continues the one before (TRANSCRIPT_CONTINUATION taken off; contents written before the
 * continuation rule have none).
 */
export function parseTranscript(content: string | null | undefined): Transcript | null {
  if (typeof content !== 'string') return null;
  const lines = content.split(LINE_BREAK);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  const omitted = lines[0] === TRANSCRIPT_OMITTED;
  if (omitted) lines.shift();
  const messages: TranscriptMessage[] = [];
  for (const line of lines) {
    const match = MESSAGE_LINE.exec(line);
    if (match) {
      messages.push({ sender: SENDER_OF_LABEL.get(match[1]!)!, time: match[2]!, text: line.slice(match[0].length) });
      continue;
    }
    const last = messages[messages.length - 1];
    if (!last) return null;
    last.text += `\n${line.startsWith(TRANSCRIPT_CONTINUATION) ? line.slice(TRANSCRIPT_CONTINUATION.length) : line}`;
  }
  return messages.length > 0 ? { omitted, messages } : null;
}
