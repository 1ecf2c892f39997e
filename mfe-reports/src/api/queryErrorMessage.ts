import { CommonMessage } from '@portal/contracts';

/**
 * The Chinese text of a failed query: the api-client's message (server text or network failure)
 * kept by axiosBaseQuery, else the spec's '数据获取失败' (a bad answer body, a thrown transform).
 */
export function queryErrorMessage(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return CommonMessage.DataFetchFailed;
}
