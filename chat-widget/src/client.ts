import type { ChatMessageView } from '@portal/contracts/chat';
import { CHAT_TOKEN_HEADER } from '@portal/contracts/chat/constants';

/** The conversation the widget continues after a reload (sessionStorage: this tab only, gone with it). */
export interface Saved {
  token: string;
  conversationId: number;
  /** The panel was open. */
  open?: boolean;
  /** The visitor left a phone already. */
  phoneSent?: boolean;
}

/** A refused call: its status and the server's Chinese message. */
export class ChatError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const FALLBACK_ERROR = '网络异常，请稍后再试';
const REQUESTED_WITH = 'XMLHttpRequest';

/** What the widget reads from its page; the tests give their own. */
export interface ClientEnv {
  /** The portal's origin (the widget script's own). */
  base: string;
  key: string;
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  pageUrl: string;
  referrer: string;
}

/**
 * The visitor calls of `@portal/contracts` chatEndpoints (start, poll, send, phone): cross-origin,
 * never with cookies (credentials 'omit'), the conversation token in X-Chat-Token, posts with
 * X-Requested-With. The token is kept in sessionStorage under the key's name.
 */
export class ChatClient {
  saved: Saved | null;
  private readonly storageKey: string;

  constructor(private readonly env: ClientEnv) {
    this.storageKey = `portal-chat:${env.key}`;
    this.saved = this.load();
  }

  private load(): Saved | null {
    try {
      const value = JSON.parse(this.env.storage?.getItem(this.storageKey) ?? 'null') as Saved | null;
      return value && typeof value.token === 'string' && typeof value.conversationId === 'number' ? value : null;
    } catch {
      return null;
    }
  }

  /** Keeps `changes` with the conversation (nothing without one). */
  save(changes: Partial<Saved>): void {
    if (!this.saved) return;
    this.saved = { ...this.saved, ...changes };
    try {
      this.env.storage?.setItem(this.storageKey, JSON.stringify(this.saved));
    } catch {
      // Storage full or refused: the conversation lasts as long as the page.
    }
  }

  /** Forgets the conversation (its token was refused, or the visitor starts anew). */
  forget(): void {
    this.saved = null;
    try {
      this.env.storage?.removeItem(this.storageKey);
    } catch {
      // nothing kept
    }
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.saved) headers[CHAT_TOKEN_HEADER] = this.saved.token;
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      headers['X-Requested-With'] = REQUESTED_WITH;
    }
    let response: Response;
    try {
      response = await this.env.fetch(`${this.env.base}/rest/public/chat${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        mode: 'cors',
      });
    } catch {
      throw new ChatError(0, FALLBACK_ERROR);
    }
    const data = (await response.json().catch(() => null)) as (T & { message?: unknown }) | null;
    if (!response.ok) {
      if (response.status === 401) this.forget();
      throw new ChatError(response.status, typeof data?.message === 'string' ? data.message : FALLBACK_ERROR);
    }
    return data as T;
  }

  /** The conversation: the saved one, else a new one (the key's customer sees a new visitor). */
  async ensureConversation(): Promise<Saved> {
    if (this.saved) return this.saved;
    const started = await this.call<{ conversationId: number; token: string }>('POST', '/conversations', {
      key: this.env.key,
      pageUrl: /^https?:/.test(this.env.pageUrl) ? this.env.pageUrl : null,
      referrer: /^https?:/.test(this.env.referrer) ? this.env.referrer : null,
    });
    this.saved = { token: started.token, conversationId: started.conversationId };
    this.save({});
    return this.saved;
  }

  poll(after: number): Promise<{ messages: ChatMessageView[]; open: boolean }> {
    return this.call('GET', `/messages?after=${after}`);
  }

  /** Sends a message; a refused token (the conversation is gone) starts a new conversation and sends there, once. */
  async send(message: string): Promise<ChatMessageView> {
    await this.ensureConversation();
    try {
      return await this.call<ChatMessageView>('POST', '/messages', { message });
    } catch (error) {
      if (!(error instanceof ChatError) || error.status !== 401) throw error;
      await this.ensureConversation();
      return this.call<ChatMessageView>('POST', '/messages', { message });
    }
  }

  async phone(phone: string, name: string): Promise<void> {
    await this.ensureConversation();
    await this.call('POST', '/phone', { phone, name: name || null });
    this.save({ phoneSent: true });
  }
}
