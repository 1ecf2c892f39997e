import { type RemoteDeclaration } from '@portal/contracts';
import { LEAD_KIND_LABELS } from '@portal/contracts/leads';
import { LeadsPath } from './routes';

/**
 * What this remote tells the shell: the paths it owns and its side-menu entries. The build
 * publishes it as `remote.json` beside the federation manifest (shared/build checks it against the
 * contract's schema); the shell reads it at run time. A new page is a route here and in
 * LeadsRoutes, and a new entry a line below: no shell release.
 */
export const remote = {
  name: 'leads',
  label: '线索',
  routes: Object.values(LeadsPath),
  menu: [
    { group: 'regular', label: '竞价资源', path: LeadsPath.Feedback, order: 10, unread: 'feedback' },
    { group: 'regular', label: '信息流资源', path: LeadsPath.InfoList, order: 20, unread: 'infoList' },
    // The search-engine message board: its leads count in the 常规投放 reports, so its list is in that group.
    { group: 'regular', label: LEAD_KIND_LABELS.baiList, path: LeadsPath.BaiList, order: 25, unread: 'baiList' },
    { group: 'smart', label: '资源列表', path: LeadsPath.Resource, order: 10, unread: 'resource' },
    // The live smart chat: its conversations become smart-chat leads (resType 2) of 资源列表; its badge is the unread visitor messages.
    { group: 'smart', label: '在线对话', path: LeadsPath.OnlineChat, order: 15, unread: 'chat' },
  ],
} satisfies RemoteDeclaration;
