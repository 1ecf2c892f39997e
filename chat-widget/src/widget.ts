import type { ChatMessageView } from '@portal/contracts/chat';
import {
  CHAT_MESSAGE_MAX,
  CHAT_NAME_MAX,
  ChatMessage,
  chatSendable,
  codePoints,
  PHONE_PATTERN,
  PhoneMessage,
} from '@portal/contracts/chat/constants';
import { ChatClient, ChatError, type ClientEnv } from './client';
import { LiveFeed, type LiveEnv } from './live';
import { STYLES } from './styles';

export const Text = {
  Launcher: '在线咨询',
  Title: '在线咨询',
  Close: '关闭',
  Welcome: '您好，请问有什么可以帮您？',
  InputLabel: '输入消息',
  Placeholder: '请输入您想咨询的问题',
  Send: '发送',
  PhoneButton: '留下电话',
  PhoneTitle: '留下您的电话',
  PhoneLabel: '手机号',
  NameLabel: '姓名（选填）',
  PhoneSubmit: '提交',
  PhoneCancel: '取消',
  PhoneSaved: '已收到您的电话，我们会尽快与您联系',
  Closed: '会话已结束',
  Restart: '重新咨询',
  Connecting: '正在连接…',
  Customer: '客服',
  Visitor: '我',
} as const;

export interface WidgetEnv extends ClientEnv, LiveEnv {
  document: Document;
}

type Attrs = Record<string, string>;

/** An element with attributes and children; text only ever as text nodes (never HTML). */
function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attrs = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(typeof child === 'string' ? doc.createTextNode(child) : child);
  return node;
}

/**
 * The widget: a floating button 在线咨询 that opens a non-modal dialog in a shadow root (the
 * landing page's CSS does not reach in, its own does not leak out). The first open starts the
 * conversation (or continues the tab's saved one), the feed brings the customer's replies (socket,
 * else polling), the send box sends 1-500 characters (send disabled otherwise), and the phone form
 * 留下您的电话 opens by its button or by itself after the customer's first reply.
 */
export class ChatWidget {
  readonly host: HTMLElement;
  readonly root: ShadowRoot;
  /** Everything the widget draws (in the shadow root). */
  readonly container: HTMLElement;
  readonly client: ChatClient;
  readonly feed: LiveFeed;
  private readonly doc: Document;
  private readonly launcher: HTMLButtonElement;
  private readonly dialog: HTMLElement;
  private readonly log: HTMLElement;
  private readonly status: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly counter: HTMLElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly phoneButton: HTMLButtonElement;
  private readonly phoneForm: HTMLFormElement;
  private readonly sendForm: HTMLFormElement;
  private readonly phoneInput: HTMLInputElement;
  private readonly nameInput: HTMLInputElement;
  private readonly phoneError: HTMLElement;
  private readonly restart: HTMLButtonElement;
  private readonly shown = new Set<number>();
  private started = false;
  private sending = false;
  private closed = false;
  private phoneOffered = false;

  constructor(env: WidgetEnv) {
    const doc = (this.doc = env.document);
    this.client = new ChatClient(env);
    this.feed = new LiveFeed(env, this.client, {
      messages: (messages) => this.show(messages),
      closed: () => this.setClosed(),
      lost: () => this.lost(),
    });

    this.host = el(doc, 'div', { 'data-portal-chat': '' });
    this.root = this.host.attachShadow({ mode: 'open' });
    const sheet = el(doc, 'style', {}, STYLES);

    this.launcher = el(doc, 'button', { type: 'button', class: 'launcher', 'aria-expanded': 'false', 'aria-haspopup': 'dialog' }, Text.Launcher);
    const closeButton = el(doc, 'button', { type: 'button', class: 'icon', 'aria-label': Text.Close }, '×');
    this.log = el(doc, 'div', { class: 'log', role: 'log', 'aria-live': 'polite', tabindex: '0', 'aria-label': '对话内容' });
    this.status = el(doc, 'p', { class: 'status', role: 'status' });
    this.restart = el(doc, 'button', { type: 'button', class: 'link' }, Text.Restart);

    this.phoneInput = el(doc, 'input', {
      type: 'tel',
      inputmode: 'numeric',
      autocomplete: 'tel',
      maxlength: '11',
      id: 'portal-chat-phone',
      'aria-describedby': 'portal-chat-phone-error',
    });
    this.nameInput = el(doc, 'input', { type: 'text', autocomplete: 'name', maxlength: String(CHAT_NAME_MAX), id: 'portal-chat-name' });
    this.phoneError = el(doc, 'p', { class: 'error', id: 'portal-chat-phone-error', role: 'alert' });
    const phoneCancel = el(doc, 'button', { type: 'button', class: 'link' }, Text.PhoneCancel);
    this.phoneForm = el(
      doc,
      'form',
      { class: 'phone', 'aria-label': Text.PhoneTitle, novalidate: '' },
      el(doc, 'p', { class: 'phone-title', 'aria-hidden': 'true' }, Text.PhoneTitle),
      el(
        doc,
        'div',
        { class: 'fields' },
        el(doc, 'div', {}, el(doc, 'label', { for: 'portal-chat-phone' }, Text.PhoneLabel), this.phoneInput),
        el(doc, 'div', {}, el(doc, 'label', { for: 'portal-chat-name' }, Text.NameLabel), this.nameInput),
      ),
      this.phoneError,
      el(doc, 'div', { class: 'row' }, phoneCancel, el(doc, 'button', { type: 'submit', class: 'primary' }, Text.PhoneSubmit)),
    );
    this.phoneButton = el(doc, 'button', { type: 'button', class: 'link' }, Text.PhoneButton);

    this.input = el(doc, 'textarea', {
      id: 'portal-chat-input',
      rows: '2',
      placeholder: Text.Placeholder,
      'aria-describedby': 'portal-chat-counter',
    });
    this.counter = el(doc, 'span', { class: 'counter', id: 'portal-chat-counter', 'aria-live': 'polite' }, `0/${CHAT_MESSAGE_MAX}`);
    this.sendButton = el(doc, 'button', { type: 'submit', class: 'primary', disabled: '' }, Text.Send);
    const sendForm = (this.sendForm = el(
      doc,
      'form',
      { class: 'send' },
      el(doc, 'label', { for: 'portal-chat-input', class: 'hidden' }, Text.InputLabel),
      this.input,
      el(doc, 'div', { class: 'row' }, this.phoneButton, this.counter, this.sendButton),
    ));

    this.dialog = el(
      doc,
      'section',
      { class: 'panel', role: 'dialog', 'aria-label': Text.Title },
      el(doc, 'div', { class: 'head' }, el(doc, 'h2', {}, Text.Title), closeButton),
      this.log,
      this.status,
      this.sendForm,
    );
    this.dialog.id = 'portal-chat-panel';
    // The dialog, the phone form and the restart button are in the tree only while shown.
    this.container = el(doc, 'div', {}, this.launcher);
    this.root.append(sheet, this.container);

    this.launcher.addEventListener('click', () => (this.isOpen ? this.close() : this.open()));
    closeButton.addEventListener('click', () => this.close());
    this.dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        this.close();
      }
    });
    this.input.addEventListener('input', () => this.refreshSend());
    this.input.addEventListener('keydown', (event) => {
      // Enter sends, Shift+Enter is a new line (not while an input method composes).
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        void this.send();
      }
    });
    sendForm.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.send();
    });
    this.phoneButton.addEventListener('click', () => this.showPhoneForm(true));
    phoneCancel.addEventListener('click', () => this.showPhoneForm(false));
    this.phoneForm.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submitPhone();
    });
    this.restart.addEventListener('click', () => this.startAnew());
    this.appendBubble('customer', Text.Welcome);
  }

  /** Adds the widget to the page; reopens the panel when it was open before a reload. */
  mount(): void {
    this.doc.body.append(this.host);
    if (this.client.saved?.open) this.open(false);
  }

  get isOpen(): boolean {
    return this.dialog.isConnected;
  }

  open(focus = true): void {
    this.container.append(this.dialog);
    this.launcher.setAttribute('aria-expanded', 'true');
    // Only while the dialog is in the tree (an id reference must resolve).
    this.launcher.setAttribute('aria-controls', this.dialog.id);
    this.client.save({ open: true });
    if (focus) this.input.focus();
    if (!this.started) void this.begin();
  }

  close(): void {
    this.dialog.remove();
    this.launcher.setAttribute('aria-expanded', 'false');
    this.launcher.removeAttribute('aria-controls');
    this.client.save({ open: false });
    this.launcher.focus();
  }

  /** The first open: the conversation (saved, or a new one), its messages so far, then the feed. */
  private async begin(): Promise<void> {
    this.started = true;
    this.setStatus(Text.Connecting);
    try {
      await this.client.ensureConversation();
      this.client.save({ open: true });
      this.setStatus('');
      this.feed.start();
    } catch (error) {
      this.started = false;
      this.setStatus(error instanceof ChatError ? error.message : String(error), true);
    }
  }

  private setStatus(text: string, alert = false): void {
    this.status.textContent = text;
    this.status.setAttribute('role', alert ? 'alert' : 'status');
  }

  private refreshSend(): void {
    const text = this.input.value;
    const length = codePoints(text.trim());
    this.counter.textContent = `${length}/${CHAT_MESSAGE_MAX}`;
    this.counter.classList.toggle('over', length > CHAT_MESSAGE_MAX);
    this.sendButton.disabled = this.closed || this.sending || !chatSendable(text);
  }

  private appendBubble(sender: 'visitor' | 'customer', text: string, time?: string): void {
    const bubble = el(this.doc, 'div', { class: `bubble ${sender}` });
    bubble.append(el(this.doc, 'span', { class: 'hidden' }, `${sender === 'customer' ? Text.Customer : Text.Visitor}：`));
    bubble.append(el(this.doc, 'p', {}, text));
    if (time) bubble.append(el(this.doc, 'time', {}, time.slice(11, 16)));
    this.log.append(bubble);
    this.log.scrollTop = this.log.scrollHeight;
  }

  /** Shows messages not shown yet, in id order (the socket, a poll and a send may bring the same one). */
  show(messages: ChatMessageView[]): void {
    const fresh = messages.filter((message) => !this.shown.has(message.id)).sort((a, b) => a.id - b.id);
    for (const message of fresh) {
      this.shown.add(message.id);
      this.appendBubble(message.className, message.message, message.publishTimeView);
    }
    this.feed.seen(fresh);
    // After the customer's first reply, the phone form offers itself once.
    if (!this.phoneOffered && !this.client.saved?.phoneSent && fresh.some((message) => message.className === 'customer')) {
      this.phoneOffered = true;
      this.showPhoneForm(true, false);
    }
  }

  async send(): Promise<void> {
    const text = this.input.value;
    if (this.closed || this.sending || !chatSendable(text)) return;
    this.sending = true;
    this.refreshSend();
    try {
      const before = this.client.saved?.token;
      const message = await this.client.send(text.trim());
      // A new conversation (the old token was refused): its feed.
      if (this.client.saved?.token !== before) this.restartFeed();
      this.input.value = '';
      this.setStatus('');
      this.show([message]);
      this.feed.nudge();
    } catch (error) {
      if (error instanceof ChatError && error.status === 409) this.setClosed();
      this.setStatus(error instanceof ChatError ? error.message : String(error), true);
    } finally {
      this.sending = false;
      this.refreshSend();
    }
  }

  showPhoneForm(visible: boolean, focus = true): void {
    if (visible) this.sendForm.before(this.phoneForm);
    else this.phoneForm.remove();
    this.phoneButton.disabled = visible;
    this.log.scrollTop = this.log.scrollHeight;
    this.phoneError.textContent = '';
    if (visible && focus) this.phoneInput.focus();
    if (!visible && focus) this.input.focus();
  }

  async submitPhone(): Promise<void> {
    const phone = this.phoneInput.value.trim();
    const name = this.nameInput.value.trim();
    const problem = !phone
      ? PhoneMessage.Required
      : !PHONE_PATTERN.test(phone)
        ? PhoneMessage.Invalid
        : codePoints(name) > CHAT_NAME_MAX
          ? ChatMessage.NameInvalid
          : '';
    if (problem) {
      this.phoneError.textContent = problem;
      this.phoneInput.setAttribute('aria-invalid', 'true');
      this.phoneInput.focus();
      return;
    }
    this.phoneInput.removeAttribute('aria-invalid');
    try {
      await this.client.phone(phone, name);
      this.phoneForm.remove();
      this.phoneButton.remove();
      this.setStatus(Text.PhoneSaved);
      this.input.focus();
    } catch (error) {
      this.phoneError.textContent = error instanceof ChatError ? error.message : String(error);
    }
  }

  private setClosed(): void {
    this.closed = true;
    this.feed.stop();
    this.input.disabled = true;
    this.setStatus(Text.Closed);
    this.status.after(this.restart);
    this.refreshSend();
  }

  /** The token was refused: the next message starts a new conversation. */
  private lost(): void {
    this.client.forget();
    this.started = false;
  }

  private restartFeed(): void {
    this.feed.stop();
    this.feed.after = 0;
    this.feed.start();
  }

  /** After a close: a new conversation, on an empty log. */
  private startAnew(): void {
    this.client.forget();
    this.closed = false;
    this.input.disabled = false;
    this.restart.remove();
    this.shown.clear();
    this.log.replaceChildren();
    this.appendBubble('customer', Text.Welcome);
    this.feed.after = 0;
    this.started = false;
    this.setStatus('');
    this.refreshSend();
    void this.begin();
    this.input.focus();
  }
}
