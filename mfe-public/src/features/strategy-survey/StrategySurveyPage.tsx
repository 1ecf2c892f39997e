import { PageFrame } from '@portal/design-system';
import { PlanForm } from '../../site/forms/PlanForm';
import { PlanPageText } from '../../site/pages/FormPages';
import { FORM_CSS } from '../../site/styles';

/**
 * The strategy-survey page of the logged-in portal (spec 000 section 2, "other pages seen"; the top
 * bar's 免费方案): the visitor site's plan form and report, sent through the login-based call
 * (section 6), inside the frame.
 */
export default function StrategySurveyPage() {
  return (
    <PageFrame title={PlanPageText.Title}>
      <style>{FORM_CSS}</style>
      <p>{PlanPageText.Intro}</p>
      <PlanForm loggedIn id="frame-plan" />
    </PageFrame>
  );
}
