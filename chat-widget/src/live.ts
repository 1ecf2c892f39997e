import type { ChatMessageView, ChatSocketFrame } from '@portal/contracts/chat';
import { CHAT_SOCKET_PATH, ChatSocketCloseCode } from '@portal/contracts/chat/constants';
import type { ChatClient } from './client';

/** Poll delays while the socket is down: from the first, doubling up to the last while nothing new arrives. */
export const POLL_DELAYS_MS = [2000, 4000, 8000, 16000, 30000] as const;
/** The socket is tried again after this long (doubling up to SOCKET_RETRY_MAX_MS) while polling. */
export const SOCKET_RETRY_MS = 5000;
export const SOCKET_RETRY_MAX_MS = 60000;

export interface LiveEnv {
  base: string;
  /** The browser's WebSocket (undefined where there is none). */
  WebSocket: typeof WebSocket | undefined;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

export interface LiveHandlers {
  messages(messages: ChatMessageView[]): void;
  /** The customer closed the conversation. */
  closed(): void;
  /** The conversation's token is no longer valid (start anew). */
  lost(): void;
  /** Whether the socket or polling carries the feed now (for the tests and the status line). */
  mode?(mode: 'socket' | 'polling'): void;
}

/**
 * The conversation's feed: the visitor socket (CHAT_SOCKET_PATH; the token in its first frame),
 * and polling `GET /public/chat/messages` while the socket cannot be had: its constructor throws
 * (no WebSocket, a CSP that refuses it), it fails or closes. Polls back off from 2 to 30 s while
 * nothing arrives (`nudge` resets: the visitor just wrote, a reply may follow); the socket is
 * tried again meanwhile, and once it is ready polling stops.
 */
export class LiveFeed {
  private socket: WebSocket | null = null;
  private pollTimer: unknown = null;
  private socketTimer: unknown = null;
  private pollStep = 0;
  private socketRetryMs = SOCKET_RETRY_MS;
  private stopped = false;
  private polling = false;
  /** The newest message id seen (the socket's hello and the polls ask for what came after). */
  after = 0;

  constructor(
    private readonly env: LiveEnv,
    private readonly client: ChatClient,
    private readonly handlers: LiveHandlers,
  ) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.env.clearTimeout(this.pollTimer);
    this.env.clearTimeout(this.socketTimer);
    this.pollTimer = this.socketTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  /** Records messages shown (their ids move `after`). */
  seen(messages: ChatMessageView[]): void {
    for (const message of messages) this.after = Math.max(this.after, message.id);
  }

  /** Something happened (the visitor sent): poll soon again if polling. */
  nudge(): void {
    this.pollStep = 0;
    if (this.pollTimer !== null) this.schedulePoll();
  }

  private connect(): void {
    const saved = this.client.saved;
    if (this.stopped || !saved) return;
    let socket: WebSocket;
    try {
      if (!this.env.WebSocket) throw new Error('no WebSocket');
      socket = new this.env.WebSocket(`${this.env.base.replace(/^http/, 'ws')}${CHAT_SOCKET_PATH}`);
    } catch {
      this.fallBack();
      return;
    }
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ op: 'hello', token: saved.token, after: this.after }));
    socket.onmessage = (event: MessageEvent) => {
      let frame: ChatSocketFrame;
      try {
        frame = JSON.parse(String(event.data)) as ChatSocketFrame;
      } catch {
        return;
      }
      if (frame.kind === 'ready') {
        this.socketRetryMs = SOCKET_RETRY_MS;
        this.stopPolling();
        this.handlers.mode?.('socket');
      } else if (frame.kind === 'messages') {
        this.deliver(frame.messages);
      } else if (frame.kind === 'closed') {
        this.finish('closed');
      }
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === ChatSocketCloseCode.ConversationClosed) this.finish('closed');
      else if (event.code === ChatSocketCloseCode.Unauthorized) this.finish('lost');
      // Replaced by a newer socket of the conversation (another tab): poll, without taking it back.
      else this.fallBack(event.code !== ChatSocketCloseCode.Replaced);
    };
  }

  private deliver(messages: ChatMessageView[]): void {
    const fresh = messages.filter((message) => message.id > this.after);
    if (!fresh.length) return;
    this.seen(fresh);
    this.pollStep = 0;
    this.handlers.messages(fresh);
  }

  private finish(how: 'closed' | 'lost'): void {
    this.stop();
    if (how === 'closed') this.handlers.closed();
    else this.handlers.lost();
  }

  /** The socket is gone: poll (now, then backing off) and try the socket again later. */
  private fallBack(retrySocket = true): void {
    if (this.stopped) return;
    if (!this.polling) {
      this.polling = true;
      this.pollStep = 0;
      this.handlers.mode?.('polling');
      void this.poll();
    }
    this.env.clearTimeout(this.socketTimer);
    if (!retrySocket) return;
    this.socketTimer = this.env.setTimeout(() => {
      this.socketTimer = null;
      this.connect();
    }, this.socketRetryMs);
    this.socketRetryMs = Math.min(this.socketRetryMs * 2, SOCKET_RETRY_MAX_MS);
  }

  private stopPolling(): void {
    this.polling = false;
    this.env.clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private schedulePoll(): void {
    this.env.clearTimeout(this.pollTimer);
    const delay = POLL_DELAYS_MS[Math.min(this.pollStep, POLL_DELAYS_MS.length - 1)]!;
    this.pollStep += 1;
    this.pollTimer = this.env.setTimeout(() => {
      this.pollTimer = null;
      void this.poll();
    }, delay);
  }

  private async poll(): Promise<void> {
    if (this.stopped || !this.polling) return;
    try {
      const answer = await this.client.poll(this.after);
      if (this.stopped) return;
      this.deliver(answer.messages);
      if (!answer.open) {
        this.finish('closed');
        return;
      }
    } catch (error) {
      if ((error as { status?: number }).status === 401) {
        this.finish('lost');
        return;
      }
    }
    if (this.polling && !this.stopped) this.schedulePoll();
  }
}
