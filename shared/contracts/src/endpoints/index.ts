import { accountEndpoints } from './account';
import { assignEndpoints } from './assign';
import { authEndpoints } from './auth';
import { chatEndpoints } from './chat';
import { contentEndpoints } from './content';
import { crmEndpoints } from './crm';
import { listEndpoints } from './define';
import { helpEndpoints } from './help';
import { mallEndpoints } from './mall';
import { ingestEndpoints } from './ingest';
import { leadEndpoints } from './leads';
import { messageEndpoints } from './messages';
import { platformEndpoints } from './platform';
import { publicContentEndpoints } from './public';
import { publicFormEndpoints } from './publicForms';
import { reportEndpoints } from './reports';
import { scheduleEndpoints } from './schedule';
import { workbenchEndpoints } from './workbench';

export * from './define';
export { authEndpoints } from './auth';
export { accountEndpoints } from './account';
export { platformEndpoints } from './platform';
export { workbenchEndpoints } from './workbench';
export { contentEndpoints } from './content';
export { publicContentEndpoints } from './public';
export * from './publicForms';
export { leadEndpoints, leadListEndpoints, leadExportEndpoints, leadActionEndpoints } from './leads';
export type { LeadActionFamily } from './leads';
export { assignEndpoints } from './assign';
export { messageEndpoints } from './messages';
export { ingestEndpoints } from './ingest';
export { reportEndpoints, XLSX_MIME } from './reports';
export { scheduleEndpoints } from './schedule';
export { mallEndpoints } from './mall';
export { helpEndpoints } from './help';
export { chatEndpoints } from './chat';
export { crmEndpoints, crmSettingsEndpoints, crmMappingEndpoints, crmRuleEndpoints, crmPushEndpoints, FORM_URLENCODED } from './crm';

/**
 * The endpoint catalogue: every call of the API under /rest, once, by module. The server
 * registers exactly these routes; a route outside it fails the server's catalogue test.
 */
export const catalogue = {
  auth: authEndpoints,
  account: accountEndpoints,
  platform: platformEndpoints,
  workbench: workbenchEndpoints,
  content: contentEndpoints,
  leads: leadEndpoints,
  assign: assignEndpoints,
  messages: messageEndpoints,
  ingest: ingestEndpoints,
  reports: reportEndpoints,
  crm: crmEndpoints,
  schedule: scheduleEndpoints,
  publicContent: publicContentEndpoints,
  publicForms: publicFormEndpoints,
  mall: mallEndpoints,
  help: helpEndpoints,
  chat: chatEndpoints,
};

/** Every entry of the catalogue with its dotted name ('leads.actions.feedbacks.read'). */
export const catalogueEntries = () => listEndpoints(catalogue);
