import { REMOTE_DIALOGS } from '@portal/contracts';
import { defineRemote } from '@portal/remote-kit';
import { lazy, Suspense } from 'react';
import { publicApi } from './api/publicApi';
import { PublicRoutes } from './PublicRoutes';
import { PublicPath } from './routes';
import { PublicText } from './texts';

// The plan dialog is its own chunk, fetched when an address first names it.
const FreePlanDialog = lazy(() => import('./features/free-plan/FreePlanDialog'));

// The shell mounts this remote as the single-spa app 'site' into its frame's content area, on its
// page and on any page whose address names its dialog (`?dialog=free-plan`).
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
  dialogs: {
    [REMOTE_DIALOGS.freePlan]: ({ onClose }) => (
      <Suspense fallback={null}>
        <FreePlanDialog onClose={onClose} />
      </Suspense>
    ),
  },
});
