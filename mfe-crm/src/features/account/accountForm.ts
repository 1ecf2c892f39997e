import { type CrmCode } from '@portal/contracts';
import { IDENTITY_PARAMS, PARAM_KEYS, accountFieldsOf, type AccountForm, type CrmAccount, type ParamKey, EcStyle } from '@portal/contracts/crm';

/** What the account form holds: every value a string, as the form-encoded save sends it. */
export type AccountValues = { edition?: string; sync: '0' | '1' } & Partial<Record<ParamKey, string>>;

/** The ec setting style of an account ('1' when none yet). */
export const styleOf = (account: CrmAccount | null): string => (account?.param10 === String(EcStyle.Two) ? String(EcStyle.Two) : String(EcStyle.One));

/** The form's values for an account (its secrets as the server answers them, masked), or a new account's. */
export function accountValues(account: CrmAccount | null): AccountValues {
  const values: AccountValues = { edition: account?.edition || undefined, sync: account?.sync === 1 ? '1' : '0' };
  for (const key of PARAM_KEYS) values[key] = account?.[key] || undefined;
  return values;
}

/**
 * The form-encoded save of the account: the params of the form shown (ec: of its style, with the
 * style as param10), the edition and the sync switch; the id of an existing account. A secret left
 * as the server answered it (masked) keeps the stored one.
 */
export function accountBody(crmCode: CrmCode, account: CrmAccount | null, values: AccountValues, style: string): AccountForm {
  const body: AccountForm = { crmCode, edition: values.edition as AccountForm['edition'], sync: values.sync };
  if (account) body.id = String(account.id);
  if (account?.channelSourceName) body.channelSourceName = account.channelSourceName;
  for (const { key } of accountFieldsOf(crmCode, style)) body[key] = values[key]?.trim() ?? '';
  if (crmCode === 'ec') body.param10 = style;
  return body;
}

/** Whether the save changes a param naming the CRM tenant (ec: the CorpID), which clears the earlier configuration. */
export const identityChanged = (crmCode: CrmCode, account: CrmAccount | null, body: AccountForm): boolean =>
  account !== null && IDENTITY_PARAMS[crmCode].some((key) => (body[key] ?? '') !== account[key]);
