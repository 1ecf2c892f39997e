/** A class of bus events: what `getStream` and `subscribe` take. The static `type` is what the bus matches on. */
export interface BusEventType<T extends BusEvent> {
  readonly type: string;
  new (...args: never[]): T;
}

/**
 * Base of every bus event. Each subclass declares `static readonly type = '...'`; instances copy it,
 * so the bus filters on a string and events stay matchable even when two copies of this package
 * (and so two copies of each class) are loaded on one page.
 */
export abstract class BusEvent {
  readonly type: string;

  constructor() {
    const type = (new.target as unknown as { type?: unknown }).type;
    if (typeof type !== 'string' || type === '') {
      throw new TypeError(`${new.target.name} must declare a static string "type"`);
    }
    this.type = type;
  }
}

/** A bus event carrying a payload. */
export abstract class BusEventWithPayload<P> extends BusEvent {
  readonly payload: P;

  constructor(payload: P) {
    super();
    this.payload = payload;
  }
}
