import type { RemoteDeclaration } from '@portal/contracts';
import { __Name__Path } from './routes';

/**
 * What this remote tells the shell: the paths it owns and its side-menu entries. The build
 * publishes it as `remote.json` beside the federation manifest (shared/build checks it against the
 * contract's schema); the shell reads it at run time. A new page is a path in routes.ts and a
 * <Route> in __Name__Routes.tsx; a side-menu entry is a line below, naming one of the shell's menu
 * groups (shell/src/frame/menuGroups.ts), e.g.
 * `{ group: 'mall', label: '__label__', path: __Name__Path.Home, icon: 'mall', order: 0 }`.
 * The shell's links to a page (REMOTE_PAGES) show once a remote declares its path here.
 */
export const remote = {
  name: '__name__',
  label: '__label__',
  routes: Object.values(__Name__Path),
  menu: [],
} satisfies RemoteDeclaration;
