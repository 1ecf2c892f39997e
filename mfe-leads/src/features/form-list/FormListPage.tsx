import { LeadListPage } from '../lead-list/LeadListPage';
import { FORM_LIST } from './formList';

/** /form-list: platform 1's form leads. */
export function FormListPage() {
  return <LeadListPage list={FORM_LIST} />;
}
