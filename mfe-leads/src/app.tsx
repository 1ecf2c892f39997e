import { defineRemote } from '@portal/remote-kit';
import { leadsApi } from './api/leadsApi';
import { LeadsRoutes } from './LeadsRoutes';
import { LeadsPath } from './routes';
import { LeadsText } from './texts';

// The shell mounts this remote as the single-spa app 'leads' into its frame's content area. Server
// data goes through RTK Query (api/leadsApi.ts); the lists' UI state (filters, selection, dialogs)
// lives in their components. Alone, the harness opens the smart-investment list.
export const {
  bootstrap,
  mount,
  unmount,
  Root: LeadsRoot,
  createStore: createLeadsStore,
  renderStandalone,
} = defineRemote({
  name: 'leads',
  routes: LeadsRoutes,
  apis: [leadsApi],
  texts: { pageFailed: LeadsText.PageFailed, rootFailed: LeadsText.RootFailed },
  standaloneHome: LeadsPath.Resource,
});

export type LeadsDispatch = ReturnType<typeof createLeadsStore>['dispatch'];
