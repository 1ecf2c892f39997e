import { axiosBaseQuery } from '@portal/api-client';
import { createApi } from '@reduxjs/toolkit/query/react';

/** The cache tags of the schedule page, one per kind of data. */
export const SCHEDULE_TAG_TYPES = ['Items', 'Days', 'Day', 'Staff', 'AcceptGroup', 'FollowUpRule'] as const;
export type ScheduleTagType = (typeof SCHEDULE_TAG_TYPES)[number];

/**
 * The remote's one RTK Query API. Features add their calls with `injectEndpoints` in their own
 * folder, each a catalogue entry of `@portal/contracts/endpoints` (`scheduleEndpoints`, and
 * `crmRuleEndpoints`/`crmSettingsEndpoints` for accept groups and the staff sync) through
 * `endpointQuery`/`endpointRequest`.
 */
export const scheduleApi = createApi({
  reducerPath: 'scheduleApi',
  baseQuery: axiosBaseQuery(),
  tagTypes: SCHEDULE_TAG_TYPES,
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
