import type { LeadListDefinition } from '../lead-list/LeadListDefinition';
import { INFO_LIST } from '../info-list/infoList';

/** The platform the form-list page shows (spec 000 section 2: "a form-list page for platform 1"). */
export const FORM_LIST_PLATFORM_ID = 1;

/** /form-list: the form leads of platform 1, the information-feed list filtered by platformId. */
export const FORM_LIST: LeadListDefinition = {
  ...INFO_LIST,
  title: '表单资源',
  fixedParams: { platformId: FORM_LIST_PLATFORM_ID },
};
