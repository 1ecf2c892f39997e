import type { AccountInfo } from '@portal/contracts';
import type { AxiosInstance } from 'axios';
import { apiClient } from '../createApiClient';
import { unwrapCode } from '../codeResponse';

/** The account-info page's data (whetherVoice 0 plays the sound reminder). */
export type { AccountInfo };

export interface AccountApi {
  /** GET /customer/account. */
  account(): Promise<AccountInfo>;
  /** PUT /customer/account/voice. */
  updateVoice(setting: { whetherVoice: number }): Promise<void>;
  /** POST /customer/account/avatar, the image in multipart field `file`. */
  uploadAvatar(file: Blob, fileName?: string): Promise<{ headPic: string }>;
  /** PUT /customer/account/first-login: the guide was finished or skipped. */
  clearFirstLogin(): Promise<void>;
  /** GET /customer/account/ingest-key: the key landing pages send with their leads (made on first read). */
  ingestKey(): Promise<{ key: string }>;
  /** POST /customer/account/ingest-key: a new key; the old one stops working at once. */
  regenerateIngestKey(): Promise<{ key: string }>;
}

const INGEST_KEY_PATH = '/customer/account/ingest-key';

export function createAccountApi(http: AxiosInstance = apiClient): AccountApi {
  return {
    async account() {
      const response = await http.get<unknown>('/customer/account');
      return unwrapCode<AccountInfo>(response.data, response.status);
    },
    async updateVoice(setting) {
      const response = await http.put<unknown>('/customer/account/voice', { whetherVoice: setting.whetherVoice });
      unwrapCode(response.data, response.status);
    },
    async uploadAvatar(file, fileName) {
      const form = new FormData();
      const name = fileName ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'avatar');
      form.append('file', file, name);
      const response = await http.post<unknown>('/customer/account/avatar', form);
      return unwrapCode<{ headPic: string }>(response.data, response.status);
    },
    async clearFirstLogin() {
      const response = await http.put<unknown>('/customer/account/first-login');
      unwrapCode(response.data, response.status);
    },
    async ingestKey() {
      const response = await http.get<unknown>(INGEST_KEY_PATH);
      return unwrapCode<{ key: string }>(response.data, response.status);
    },
    async regenerateIngestKey() {
      const response = await http.post<unknown>(INGEST_KEY_PATH);
      return unwrapCode<{ key: string }>(response.data, response.status);
    },
  };
}

export const accountApi: AccountApi = createAccountApi();
