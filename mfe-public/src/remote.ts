import { REMOTE_DIALOGS, type RemoteDeclaration } from '@portal/contracts';
import { PublicPath } from './routes';

/**
 * What this remote tells the shell: the paths it owns and its side-menu entries. The build
 * publishes it as `remote.json` beside the federation manifest (shared/build checks it against the
 * contract's schema); the shell reads it at run time. A new page is a path in routes.ts and a
 * <Route> in PublicRoutes.tsx; a side-menu entry is a line below, naming one of the shell's menu
 * groups (shell/src/frame/menuGroups.ts), e.g.
 * `{ group: 'mall', label: '免费方案', path: PublicPath.StrategySurvey, icon: 'mall', order: 0 }`.
 * The shell's links to a page (REMOTE_PAGES) show once a remote declares its path here.
 */
export const remote = {
  name: 'site',
  label: '官网',
  routes: Object.values(PublicPath),
  menu: [],
  // The top bar's 免费方案: the plan dialog over any page (drawn by app.tsx's `dialogs`).
  dialogs: [REMOTE_DIALOGS.freePlan],
} satisfies RemoteDeclaration;
