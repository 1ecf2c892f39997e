import { CRM_CODES, type RemoteDeclaration } from '@portal/contracts';
import { CrmPath, SETTING_PATHS } from './routes';

/**
 * What this remote tells the shell: the paths it owns and its side-menu entries. The build
 * publishes it as `remote.json` beside the federation manifest (shared/build checks it against the
 * contract's schema); the shell reads it at run time.
 *
 * The menu (spec 001 section 2): the shell's CRM同步 group has one sub-group per CRM
 * (`crm-<code>`); each gets its 推送设置 page here, first (排班, order 20, is the schedule's).
 */
export const remote = {
  name: 'crm',
  label: 'CRM推送',
  routes: Object.values(CrmPath),
  menu: CRM_CODES.map((code) => ({ group: `crm-${code}`, label: '推送设置', path: SETTING_PATHS[code], order: 10 })),
} satisfies RemoteDeclaration;
