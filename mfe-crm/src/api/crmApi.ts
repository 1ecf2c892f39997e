import { axiosBaseQuery } from '@portal/api-client';
import { createApi } from '@reduxjs/toolkit/query/react';

/**
 * The cache tags of the CRM settings, one per kind of data. One page shows one CRM at a time, so
 * the tags are by kind alone: a save makes every CRM's answers of that kind stale, which costs a
 * call at most when another CRM's page is opened within the minute.
 */
export const CRM_TAG_TYPES = [
  'Account',
  'Connection',
  'Template',
  'Source',
  'Staff',
  'Creator',
  'FieldMapping',
  'LabelMapping',
  'Rule',
  'ItemRule',
  'AcceptGroup',
  'PushLog',
] as const;
export type CrmTagType = (typeof CRM_TAG_TYPES)[number];

/**
 * The remote's one RTK Query API. Each feature adds its calls with `injectEndpoints` in its own
 * folder (every call a catalogue entry of `@portal/contracts/endpoints`, through `endpointQuery`),
 * so this file never imports a feature; the tags are listed here because invalidation crosses
 * features: saving a changed account clears the CRM's earlier configuration (and may fill the
 * staff and sources anew), so it invalidates every tag (`ALL_CRM_TAGS`).
 */
export const crmApi = createApi({
  reducerPath: 'crmApi',
  baseQuery: axiosBaseQuery(),
  tagTypes: CRM_TAG_TYPES,
  // Each mount of the remote starts from fresh server data; cached answers live for a minute.
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

/** Every tag (any id): what a saved account invalidates. */
export const ALL_CRM_TAGS: CrmTagType[] = [...CRM_TAG_TYPES];
