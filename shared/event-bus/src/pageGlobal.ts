/**
 * Page-wide singletons. Module federation should share this package once, but a remote built
 * without the share (or a standalone harness next to the shell) loads a second copy; keeping the
 * state on globalThis under a registered symbol makes both copies use the same bus and counters.
 * Bump the version in the key when the shape of a stored value changes incompatibly.
 */
const STATE_KEY = Symbol.for('@portal/event-bus/v1');

type PageState = Record<string, unknown>;

function pageState(): PageState {
  const holder = globalThis as unknown as Record<symbol, PageState | undefined>;
  return (holder[STATE_KEY] ??= {});
}

export function pageGlobal<T>(name: string, create: () => T): T {
  const state = pageState();
  if (!(name in state)) state[name] = create();
  return state[name] as T;
}
