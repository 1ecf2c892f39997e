import { defineRemote } from '@portal/remote-kit';
import { reportsApi } from './api/reportsApi';
import { ReportsRoutes } from './ReportsRoutes';
import { ReportsPath } from './routes';
import { ReportsText } from './texts';

// The shell mounts this remote as the single-spa app 'reports' into its frame's content area.
// Server data goes through RTK Query (api/reportsApi.ts). Alone, the harness opens the workbench.
export const {
  bootstrap,
  mount,
  unmount,
  Root: ReportsRoot,
  renderStandalone,
} = defineRemote({
  name: 'reports',
  routes: ReportsRoutes,
  apis: [reportsApi],
  texts: { pageFailed: ReportsText.PageFailed, rootFailed: ReportsText.RootFailed },
  standaloneHome: ReportsPath.Workbench,
});
