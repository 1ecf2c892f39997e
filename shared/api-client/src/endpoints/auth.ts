import {
  LoginType,
  type ChangePasswordForm,
  type ForcedChangeTicket,
  type ForcedPasswordChangeForm,
  type LoginForm,
  type SessionUser,
} from '@portal/contracts';
import type { AxiosInstance } from 'axios';
import { isApiError } from '../ApiError';
import { apiClient } from '../createApiClient';
import { unwrapCode, type CodeResponse } from '../codeResponse';

/** The session user as login and user-info return it. */
export type User = SessionUser;

export interface AuthApi {
  /**
   * POST /customer/login. Never throws for a refusal: the body comes back whatever its code, so
   * that the caller can tell success ('200', the user) from a forced password change ('10002',
   * the changeToken the forced change needs) and others.
   */
  login(form: LoginForm): Promise<CodeResponse<User | ForcedChangeTicket | null>>;
  /** GET /customer/user-info. */
  userInfo(): Promise<User>;
  /** POST /customer/logout. */
  logout(): Promise<void>;
  /** PUT /customer/password. */
  changePassword(form: ChangePasswordForm): Promise<void>;
  /** PUT /customer/password/forced, with the changeToken of the login that answered '10002'. */
  forcedPasswordChange(form: ForcedPasswordChangeForm): Promise<void>;
}

export function createAuthApi(http: AxiosInstance = apiClient): AuthApi {
  return {
    async login(form) {
      try {
        const response = await http.post<CodeResponse<User | ForcedChangeTicket | null>>(
          '/customer/login',
          { type: LoginType.Normal, ...form },
          { skipUnauthorizedRedirect: true },
        );
        return response.data;
      } catch (error) {
        // A refusal answered with an error status still carries the code and message to show.
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          return { code: error.code, message: error.message, data: null };
        }
        throw error;
      }
    },
    async userInfo() {
      const response = await http.get<unknown>('/customer/user-info');
      return unwrapCode<User>(response.data, response.status);
    },
    async logout() {
      const response = await http.post<unknown>('/customer/logout');
      unwrapCode(response.data, response.status);
    },
    async changePassword(form) {
      const response = await http.put<unknown>('/customer/password', form);
      unwrapCode(response.data, response.status);
    },
    async forcedPasswordChange(form) {
      const response = await http.put<unknown>('/customer/password/forced', form);
      unwrapCode(response.data, response.status);
    },
  };
}

export const authApi: AuthApi = createAuthApi();
