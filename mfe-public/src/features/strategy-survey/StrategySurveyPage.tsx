import { PageFrame } from '@portal/design-system';
import { useState } from 'react';
import { Dialog } from '../../site/Dialog';
import { PlanForm } from '../../site/forms/PlanForm';
import { SurveyForm } from '../../site/forms/SurveyForm';
import { PlanPageText, SurveyPageText } from '../../site/pages/FormPages';
import { FORM_CSS } from '../../site/styles';

/**
 * The strategy-survey page of the logged-in portal (spec 000 section 2, "other pages seen"; the top
 * bar's 免费方案): the visitor site's plan form and report, and its customer survey (客户问卷) in a
 * dialog, both sent through the login-based calls (section 6), inside the frame.
 */
export default function StrategySurveyPage() {
  const [surveying, setSurveying] = useState(false);
  return (
    <PageFrame
      title={PlanPageText.Title}
      extra={
        <button type="button" className="btn ghost" onClick={() => setSurveying(true)}>
          {SurveyPageText.Title}
        </button>
      }
    >
      <style>{FORM_CSS}</style>
      <p>{PlanPageText.Intro}</p>
      <PlanForm loggedIn id="frame-plan" />
      <Dialog open={surveying} title={SurveyPageText.Title} onClose={() => setSurveying(false)}>
        {surveying ? <SurveyForm loggedIn id="frame-survey" /> : null}
      </Dialog>
    </PageFrame>
  );
}
