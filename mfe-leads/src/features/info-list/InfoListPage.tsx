import { LeadListPage } from '../lead-list/LeadListPage';
import { INFO_LIST } from './infoList';

/** /info-list: information-feed leads. */
export function InfoListPage() {
  return <LeadListPage list={INFO_LIST} />;
}
