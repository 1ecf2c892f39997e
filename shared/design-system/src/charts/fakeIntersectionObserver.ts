/**
 * A stand-in for IntersectionObserver in jsdom (which has none): nothing is in view until the test
 * says so. `enter()` brings every observed element into view. For the charts' tests and pages' tests.
 */
export interface FakeIntersection {
  /** Elements observed now. */
  observed: () => Element[];
  /** Every observed element comes into view (call inside act()). */
  enter: () => void;
  restore: () => void;
}

export function installFakeIntersectionObserver(): FakeIntersection {
  const had = Object.prototype.hasOwnProperty.call(window, 'IntersectionObserver');
  const previous = (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  const observers = new Set<FakeObserver>();

  class FakeObserver {
    readonly targets = new Set<Element>();
    constructor(private readonly callback: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }
    takeRecords() {
      return [];
    }
    fire() {
      const entries = [...this.targets].map(
        (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as unknown as IntersectionObserverEntry,
      );
      if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
    }
  }

  Object.assign(window, { IntersectionObserver: FakeObserver });
  Object.assign(globalThis, { IntersectionObserver: FakeObserver });
  return {
    observed: () => [...observers].flatMap((observer) => [...observer.targets]),
    enter: () => [...observers].forEach((observer) => observer.fire()),
    restore: () => {
      if (had) Object.assign(window, { IntersectionObserver: previous });
      else delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    },
  };
}
