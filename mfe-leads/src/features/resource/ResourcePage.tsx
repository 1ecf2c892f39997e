import { LeadListPage } from '../lead-list/LeadListPage';
import { RESOURCE_LIST } from './resourceList';

/** /resource: smart-investment leads. */
export function ResourcePage() {
  return <LeadListPage list={RESOURCE_LIST} />;
}
