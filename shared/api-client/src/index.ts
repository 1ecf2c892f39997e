/** @portal/api-client: the portal's axios client, its session handling, pagination and typed calls. */
export { createApiClient, apiClient } from './createApiClient';
export type { ApiClientOptions } from './createApiClient';
export { ApiError, ApiErrorCode, ApiClientMessage, isApiError, toApiError, errorMessage } from './ApiError';
export { isCodeResponse, unwrapCode } from './codeResponse';
export type { CodeResponse } from './codeResponse';
export { parsePaginationInfo, parseLinkHeader, getPage } from './pagination';
export type { HeaderSource, Page, PageLinks, PageParams } from './pagination';
export { createAuthApi, authApi } from './endpoints/auth';
export type { AuthApi, User } from './endpoints/auth';
export { createAccountApi, accountApi } from './endpoints/account';
export type { AccountApi, AccountInfo } from './endpoints/account';
export { createPlatformApi, platformApi } from './endpoints/platform';
export type { PlatformApi, Item, Channel } from './endpoints/platform';
export { createWorkbenchApi, workbenchApi } from './endpoints/workbench';
export type { WorkbenchApi, WorkbenchStat, WorkbenchStatsQuery, Banner, Article, Industry } from './endpoints/workbench';
export type { PaginationInfo } from '@portal/contracts';
