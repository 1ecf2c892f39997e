import { ApiError, errorMessage, type User } from '@portal/api-client';
import { ResponseCode, type ForcedPasswordChangeForm, type LoginForm } from '@portal/contracts';
import { lowBalanceReminder } from '../lowBalance/reminderMemory';
import { shellApi, type LoginAnswer } from '../store/shellApi';
import { getPageStore } from '../store/store';

/**
 * The login page's calls, through the page's store. Split off the login route with everything they
 * bring (the store, RTK Query, the api-client): fetched once the visitor starts on the form.
 */

/** A failed call as the forms expect it: an ApiError with the server's code and Chinese text. */
const asApiError = (failure: unknown): unknown => {
  if (failure === null || typeof failure !== 'object') return failure;
  const { status, code, message } = failure as Record<string, unknown>;
  return typeof status === 'number' && typeof code === 'string' && typeof message === 'string' ? new ApiError(status, code, message) : failure;
};

/** POST /customer/login: the answer's body whatever its code (see loginOutcome). */
export function login(form: LoginForm): Promise<LoginAnswer> {
  return getPageStore()
    .dispatch(shellApi.endpoints.login.initiate(form))
    .unwrap()
    .then((answer) => {
      // A new login: the low-balance reminder is shown again (once for this login).
      // It is keyed by the account user-info answers, which the login's user is.
      if (String(answer.code) === ResponseCode.Success) lowBalanceReminder.forget((answer.data as User | null)?.loginAccount ?? form.loginAccount);
      return answer;
    })
    .catch((failure: unknown) => Promise.reject(asApiError(failure)));
}

/** POST /customer/sso-login: the user of the link's token; rejects with the server's refusal as an ApiError. */
export function ssoLogin(token: string): Promise<User> {
  return getPageStore()
    .dispatch(shellApi.endpoints.ssoLogin.initiate({ body: { token } }))
    .unwrap()
    .then((loggedIn) => {
      // A new login, as after the password login: the low-balance reminder is shown again.
      lowBalanceReminder.forget(loggedIn.loginAccount);
      return loggedIn;
    })
    .catch((failure: unknown) => Promise.reject(asApiError(failure)));
}

/** PUT /customer/password/forced; rejects with the server's refusal as an ApiError. */
export async function forcedPasswordChange(form: ForcedPasswordChangeForm): Promise<void> {
  await getPageStore()
    .dispatch(shellApi.endpoints.forcedPasswordChange.initiate({ body: form }))
    .unwrap()
    .catch((failure: unknown) => Promise.reject(asApiError(failure)));
}

export { errorMessage };
