import { LeadListPage } from '../lead-list/LeadListPage';
import { FEEDBACK_LIST } from './feedbackList';

/** /feedback: bidding leads. */
export function FeedbackPage() {
  return <LeadListPage list={FEEDBACK_LIST} />;
}
