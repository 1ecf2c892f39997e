import { defineRemote } from '@portal/remote-kit';
import { mallApi } from './api/mallApi';
import { MallRoutes } from './MallRoutes';
import { MallPath } from './routes';
import { MallText } from './texts';

// The shell mounts this remote as the single-spa app 'mall' into its frame's content area.
// Server data goes through RTK Query (api/mallApi.ts). Alone, the harness opens the home page.
export const {
  bootstrap,
  mount,
  unmount,
  Root: MallRoot,
  renderStandalone,
} = defineRemote({
  name: 'mall',
  routes: MallRoutes,
  apis: [mallApi],
  texts: { pageFailed: MallText.PageFailed, rootFailed: MallText.RootFailed },
  standaloneHome: MallPath.Home,
});
