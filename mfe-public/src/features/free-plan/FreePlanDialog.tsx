import type { RemoteDialogProps } from '@portal/remote-kit';
import { Dialog } from '../../site/Dialog';
import { PlanForm } from '../../site/forms/PlanForm';
import { PlanPageText } from '../../site/pages/FormPages';
import { FORM_CSS } from '../../site/styles';

/**
 * The plan dialog of the logged-in portal (spec 000 section 2, "Plan dialog"; the top bar's
 * 免费方案): the visitor site's plan form, then its report with the three charts, sent through the
 * login-based call (section 6), over whatever page the customer was on. The address names it
 * (`?dialog=free-plan`), so closing, Esc and the browser's back all leave the page as it was.
 */
export default function FreePlanDialog({ onClose }: RemoteDialogProps) {
  return (
    <>
      <style>{FORM_CSS}</style>
      <Dialog open title={PlanPageText.Title} onClose={onClose}>
        <p>{PlanPageText.Intro}</p>
        <PlanForm loggedIn id="frame-free-plan" />
      </Dialog>
    </>
  );
}
