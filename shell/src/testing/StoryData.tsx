import { useState, type ReactNode } from 'react';
import { ShellDataProvider } from '../store/ShellDataProvider';
import { createShellStore } from '../store/store';

/** A story's own store for shell UI that reads server data, so that no story sees another's cache. */
export function StoryData({ children }: { children: ReactNode }) {
  const [store] = useState(createShellStore);
  return <ShellDataProvider store={store}>{children}</ShellDataProvider>;
}
