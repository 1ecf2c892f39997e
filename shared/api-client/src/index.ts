/** @portal/api-client: the portal's axios client, its session handling, pagination, typed calls and file downloads. */
export { createApiClient, apiClient } from './createApiClient';
export type { ApiClientOptions } from './createApiClient';
export { ApiError, ApiErrorCode, ApiClientMessage, isApiError, toApiError, errorMessage } from './ApiError';
export { downloadFile } from './download';
export { isCodeResponse, unwrapCode } from './codeResponse';
export type { CodeResponse } from './codeResponse';
export { parsePaginationInfo } from './pagination';
export type { HeaderSource } from './pagination';
export type { User } from './user';
export { axiosBaseQuery, queryErrorMessage, UNEXPECTED_ANSWER } from './rtk/axiosBaseQuery';
export { endpointQuery, endpointRequest, endpointUrl } from './rtk/endpointQuery';
export type { EndpointArgs, EndpointPage, EndpointResult } from './rtk/endpointQuery';
export type { AxiosQueryArgs, AxiosQueryError, AxiosQueryMeta } from './rtk/axiosBaseQuery';
export type { PaginationInfo } from '@portal/contracts';
