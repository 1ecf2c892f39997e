import type { RemoteDeclaration } from '@portal/contracts';
import { ReportsPath } from './routes';

/**
 * What this remote tells the shell: the paths it owns and its side-menu entries. The build
 * publishes it as `remote.json` beside the federation manifest (shared/build checks it against the
 * contract's schema); the shell reads it at run time. A new page is a route here and in
 * ReportsRoutes, and a new entry a line below: no shell release.
 */
export const remote = {
  name: 'reports',
  label: '工作台',
  routes: Object.values(ReportsPath),
  menu: [{ group: 'workbench', label: '工作台', path: ReportsPath.Workbench, icon: 'dashboard', order: 0 }],
} satisfies RemoteDeclaration;
