/**
 * The visitor site's forms (spec 000 sections 3, 5 and 6): the leave-a-message, contact and lead
 * form, the customer survey (questionnaire) and the plan form (strategy survey) with its report.
 * A subpath (@portal/contracts/public), not part of the root module: the root is a page-wide
 * singleton loaded whole on the login page, and only the visitor site and the server need these.
 */
export * from './messageForm';
export * from './survey';
export * from './planForm';
export * from './content';
export * from './site';
export { PublicFormMessage, YesNo, YES_NO_CODES } from './fields';
/** The first message per field of a form's values (what a page shows under each field). */
export { fieldErrors } from '../common/validation';
