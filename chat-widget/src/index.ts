import { CHAT_KEY_PATTERN } from '@portal/contracts/chat/constants';
import { ChatWidget } from './widget';

/**
 * The entry of /chat/widget.js: `<script src="https://<portal>/chat/widget.js" data-key="<chat key>" async></script>`.
 * The portal is the script's own origin; the key is the customer's public chat key. One widget per
 * page (a second script tag is ignored); nothing happens without a well-formed key.
 */
function boot(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const key = script?.dataset.key ?? '';
  const holder = window as unknown as { __portalChat?: ChatWidget };
  if (!script || !CHAT_KEY_PATTERN.test(key) || holder.__portalChat) return;
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the conversation lasts as long as the page.
  }
  const widget = new ChatWidget({
    base: new URL(script.src, location.href).origin,
    key,
    fetch: window.fetch.bind(window),
    storage,
    pageUrl: location.href,
    referrer: document.referrer,
    WebSocket: window.WebSocket,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (timer) => window.clearTimeout(timer as number),
    document,
  });
  holder.__portalChat = widget;
  if (document.body) widget.mount();
  else document.addEventListener('DOMContentLoaded', () => widget.mount());
}

boot();
