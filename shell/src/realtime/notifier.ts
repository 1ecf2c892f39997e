import { interval, type Subscription } from 'rxjs';
import { NOTIFY_SOUND_URL, RealtimeText } from './texts';

/**
 * Plays the chime once. Browsers refuse to play before the user has interacted with the page
 * (autoplay policy): the refusal is expected and ignored, the pop-up and title still tell.
 */
export function playNotifySound(url: string = NOTIFY_SOUND_URL): void {
  try {
    const played = new Audio(url).play() as Promise<void> | undefined;
    if (typeof played?.catch === 'function') played.catch(() => undefined);
  } catch {
    // No audio support (or it is switched off).
  }
}

/** A sound at most once in this window: the catch-up after a reconnect announces several lists at once. */
export const SOUND_GAP_MS = 2000;

/** Plays `play` unless it played less than SOUND_GAP_MS ago. */
export function throttleSound(play: () => void, now: () => number = Date.now, gapMs: number = SOUND_GAP_MS): () => void {
  let last = -Infinity;
  return () => {
    const at = now();
    if (at - last < gapMs) return;
    last = at;
    play();
  };
}

export interface TitleFlasherOptions {
  doc?: Pick<Document, 'title'>;
  flag?: string;
  periodMs?: number;
}

/**
 * The alternating tab title: '【新消息】' + title, then the title, every second, until stop() puts
 * the original title back exactly. A title the page sets meanwhile (another route) becomes the one
 * restored.
 */
export class TitleFlasher {
  readonly #doc: Pick<Document, 'title'>;
  readonly #flag: string;
  readonly #periodMs: number;
  #original: string | null = null;
  #ticks: Subscription | null = null;

  constructor({ doc = document, flag = RealtimeText.TitleFlag, periodMs = 1000 }: TitleFlasherOptions = {}) {
    this.#doc = doc;
    this.#flag = flag;
    this.#periodMs = periodMs;
  }

  get active(): boolean {
    return this.#original !== null;
  }

  start(): void {
    if (this.#original !== null) return;
    const original = this.#doc.title;
    this.#original = original;
    this.#doc.title = `${this.#flag}${original}`;
    // Tick 0 (after one period) shows the plain title, tick 1 the flagged one, and so on.
    this.#ticks = interval(this.#periodMs).subscribe((tick) => {
      const known = this.#original;
      if (known === null) return;
      const current = this.#doc.title;
      // The page changed its title since: that is the title to alternate with and restore.
      const title = current !== known && current !== `${this.#flag}${known}` ? current : known;
      this.#original = title;
      this.#doc.title = tick % 2 === 0 ? title : `${this.#flag}${title}`;
    });
  }

  stop(): void {
    this.#ticks?.unsubscribe();
    this.#ticks = null;
    if (this.#original === null) return;
    this.#doc.title = this.#original;
    this.#original = null;
  }
}
