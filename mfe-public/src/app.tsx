import { defineRemote } from '@portal/remote-kit';
import { publicApi } from './api/publicApi';
import { PublicRoutes } from './PublicRoutes';
import { PublicPath } from './routes';
import { PublicText } from './texts';

// The shell mounts this remote as the single-spa app 'site' into its frame's content area.
// Server data goes through RTK Query (api/publicApi.ts). Alone, the harness opens the home page.
export const {
  bootstrap,
  mount,
  unmount,
  Root: PublicRoot,
  renderStandalone,
} = defineRemote({
  name: 'site',
  routes: PublicRoutes,
  apis: [publicApi],
  texts: { pageFailed: PublicText.PageFailed, rootFailed: PublicText.RootFailed },
  standaloneHome: PublicPath.StrategySurvey,
});
