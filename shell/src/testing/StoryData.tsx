import { useState, type ReactNode } from 'react';
import { ShellDataProvider } from '../data/ShellDataProvider';
import { createShellStore } from '../data/store';

/** A story's own store for shell UI that reads server data, so that no story sees another's cache. */
export function StoryData({ children }: { children: ReactNode }) {
  const [store] = useState(createShellStore);
  return <ShellDataProvider store={store}>{children}</ShellDataProvider>;
}
