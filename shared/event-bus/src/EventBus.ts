import { Subject, filter, type Observable, type Unsubscribable } from 'rxjs';
import type { BusEvent, BusEventType } from './BusEvent';
import { pageGlobal } from './pageGlobal';

/** The page's event channel: remotes and the shell publish and subscribe here, never to each other directly. */
export class EventBus {
  readonly #events = new Subject<BusEvent>();

  publish(event: BusEvent): void {
    this.#events.next(event);
  }

  /** Events of one class, matched by its static `type`. */
  getStream<T extends BusEvent>(eventType: BusEventType<T>): Observable<T> {
    return this.#events.pipe(filter((event): event is T => event.type === eventType.type));
  }

  /** Calls `handler` for each event of the class until the returned subscription is unsubscribed. */
  subscribe<T extends BusEvent>(eventType: BusEventType<T>, handler: (event: T) => void): Unsubscribable {
    return this.getStream(eventType).subscribe(handler);
  }
}

/** The one bus of the page, shared by every copy of this package that the page loads. */
export function getEventBus(): EventBus {
  return pageGlobal('bus', () => new EventBus());
}
