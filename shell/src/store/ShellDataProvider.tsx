import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { connectBus } from './busBridge';
import { getPageStore, type ShellStore } from './store';

export interface ShellDataProviderProps {
  /** Default: the page's store. */
  store?: ShellStore;
  children: ReactNode;
}

/** The shell's store for the tree below, kept in step with the event bus while mounted. */
export function ShellDataProvider({ store = getPageStore(), children }: ShellDataProviderProps) {
  useEffect(() => connectBus(store), [store]);
  return <Provider store={store}>{children}</Provider>;
}
