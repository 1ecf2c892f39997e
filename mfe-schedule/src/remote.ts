import { CRM_CODES, type RemoteDeclaration } from '@portal/contracts';
import { SCHEDULE_PATHS } from './routes';

/**
 * What this remote tells the shell: the paths it owns and its side-menu entries. The build
 * publishes it as `remote.json` beside the federation manifest; the shell reads it at run time.
 *
 * The menu (spec 001 section 2): each CRM sub-group (`crm-<code>`) of the shell's CRM同步 group
 * has its 排班 page here, after the CRM remote's 推送设置 (order 10).
 */
export const remote = {
  name: 'schedule',
  label: '排班',
  routes: CRM_CODES.map((code) => SCHEDULE_PATHS[code]),
  menu: CRM_CODES.map((code) => ({ group: `crm-${code}`, label: '排班', path: SCHEDULE_PATHS[code], order: 20 })),
} satisfies RemoteDeclaration;
