import { defineRemote } from '@portal/remote-kit';
import { crmApi } from './api/crmApi';
import { CrmRoutes } from './CrmRoutes';
import { CrmPath } from './routes';
import { CrmText } from './texts';

// The shell mounts this remote as the single-spa app 'crm' into its frame's content area.
// Server data goes through RTK Query (api/crmApi.ts). Alone, the harness opens the ec settings.
export const {
  bootstrap,
  mount,
  unmount,
  Root: CrmRoot,
  renderStandalone,
} = defineRemote({
  name: 'crm',
  routes: CrmRoutes,
  apis: [crmApi],
  texts: { pageFailed: CrmText.PageFailed, rootFailed: CrmText.RootFailed },
  standaloneHome: CrmPath.EcSetting,
});
