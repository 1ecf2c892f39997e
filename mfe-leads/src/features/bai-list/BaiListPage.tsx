import { LeadListPage } from '../lead-list/LeadListPage';
import { BAI_LIST } from './baiList';

/** /bai-list: search-engine message-board leads. */
export function BaiListPage() {
  return <LeadListPage list={BAI_LIST} />;
}
