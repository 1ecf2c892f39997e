import { endpointQuery, type EndpointResult } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import { crmRuleEndpoints, crmSettingsEndpoints, scheduleEndpoints } from '@portal/contracts/endpoints';
import { scheduleApi } from './scheduleApi';

/** A project of the picker, as itemList answers. */
export type ScheduleItem = EndpointResult<typeof scheduleEndpoints.items>[number];
/** An accept group (acceptgroup/listByWyCustomerId). */
export type AcceptGroup = EndpointResult<typeof crmRuleEndpoints.acceptGroups>[number];
/** A follow-up deadline of the customer (customer/follow-up-rules): one project's, or the one of all projects (itemId 0). */
export type FollowUpRule = EndpointResult<typeof scheduleEndpoints.followUpRules>[number];

/** What the page's day calls take: the CRM of the path, the project and the day ('YYYY-MM-DD'). */
export interface DayArgs {
  crmCode: CrmCode;
  itemId: number;
  date: string;
}

const dayParams = ({ crmCode, itemId, date }: DayArgs) => ({ params: { date, itemId }, query: { crmCode } });

/**
 * Every call of the schedule page (spec 001 section 7 "Call-centre scheduling", plus the accept
 * groups and the CRM staff sync of the CRM settings, and the follow-up deadlines of issue 24), each
 * a catalogue entry through `endpointQuery`: the answers are the entries' types, and a call that
 * takes the page's own arguments (the CRM, the day) turns them into the entry's in its `toArgs`.
 * Writes invalidate what they change: the day's rows ('Day' by `${itemId}/${date}`), the month's
 * marks ('Days'), the picker's counts ('Items'), the staff tree ('Staff') and the follow-up
 * deadlines ('FollowUpRule': the customer's, whatever the CRM). The import (multipart, with
 * progress) is sent by the import dialog itself (importFile.ts); it invalidates through
 * `scheduleApi.util.invalidateTags`.
 */
export const scheduleCalls = scheduleApi.injectEndpoints({
  endpoints: (build) => ({
    items: build.query({
      ...endpointQuery(scheduleEndpoints.items, (crmCode: CrmCode) => ({ query: { crmCode } })),
      providesTags: ['Items'],
    }),
    scheduledDays: build.query({
      ...endpointQuery(scheduleEndpoints.dateExists, (query: { crmCode: CrmCode; itemId: number; month: string }) => ({ query })),
      providesTags: (_result, _error, { itemId, month }) => [{ type: 'Days', id: `${itemId}/${month}` }, 'Days'],
    }),
    day: build.query({
      ...endpointQuery(scheduleEndpoints.day, dayParams),
      providesTags: (_result, _error, { itemId, date }) => [{ type: 'Day', id: `${itemId}/${date}` }],
    }),
    saveDay: build.mutation({
      ...endpointQuery(scheduleEndpoints.save),
      invalidatesTags: (_result, error, { body: { itemId, date } }) =>
        error ? [] : [{ type: 'Day', id: `${itemId}/${date}` }, 'Days', 'Items', 'Staff'],
    }),
    deleteDay: build.mutation({
      ...endpointQuery(scheduleEndpoints.deleteDay, dayParams),
      invalidatesTags: (_result, error, { itemId, date }) => (error ? [] : [{ type: 'Day', id: `${itemId}/${date}` }, 'Days', 'Items', 'Staff']),
    }),
    copyDay: build.mutation({
      ...endpointQuery(scheduleEndpoints.copy, ({ crmCode, itemId, date, dates }: DayArgs & { dates: readonly string[] }) => ({
        body: { crmCode, itemId: String(itemId), date, dates: dates.join(',') },
      })),
      invalidatesTags: (_result, error) => (error ? [] : ['Day', 'Days', 'Items', 'Staff']),
    }),
    staff: build.query({
      ...endpointQuery(scheduleEndpoints.staff, dayParams),
      providesTags: ['Staff'],
    }),
    insertStaff: build.mutation({
      ...endpointQuery(scheduleEndpoints.insertStaff, ({ crmCode, itemId, date, userIds }: DayArgs & { userIds: readonly number[] }) => ({
        body: { crmCode, itemId: String(itemId), date, userIds: userIds.join(',') },
      })),
      invalidatesTags: (_result, error, { itemId, date }) => (error ? [] : [{ type: 'Day', id: `${itemId}/${date}` }, 'Days', 'Items', 'Staff']),
    }),
    submitRepeat: build.mutation({
      ...endpointQuery(scheduleEndpoints.submitRepeat),
      invalidatesTags: (_result, error) => (error ? [] : ['Day', 'Days', 'Items', 'Staff']),
    }),
    syncStaff: build.mutation({
      ...endpointQuery(crmSettingsEndpoints.syncStaff, (crmCode: CrmCode) => ({ query: { crmCode } })),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
    acceptGroups: build.query({
      ...endpointQuery(crmRuleEndpoints.acceptGroups),
      providesTags: ['AcceptGroup'],
    }),
    saveAcceptGroups: build.mutation({
      ...endpointQuery(crmRuleEndpoints.saveAcceptGroups),
      invalidatesTags: (_result, error) => (error ? [] : ['AcceptGroup', 'Day']),
    }),
    followUpRules: build.query({
      ...endpointQuery(scheduleEndpoints.followUpRules),
      providesTags: ['FollowUpRule'],
    }),
    saveFollowUpRule: build.mutation({
      ...endpointQuery(scheduleEndpoints.saveFollowUpRule),
      invalidatesTags: (_result, error) => (error ? [] : ['FollowUpRule']),
    }),
    removeFollowUpRule: build.mutation({
      ...endpointQuery(scheduleEndpoints.removeFollowUpRule, (itemId: number) => ({ params: { itemId } })),
      invalidatesTags: (_result, error) => (error ? [] : ['FollowUpRule']),
    }),
  }),
});

export const {
  useItemsQuery,
  useScheduledDaysQuery,
  useDayQuery,
  useSaveDayMutation,
  useDeleteDayMutation,
  useCopyDayMutation,
  useStaffQuery,
  useInsertStaffMutation,
  useSubmitRepeatMutation,
  useSyncStaffMutation,
  useAcceptGroupsQuery,
  useSaveAcceptGroupsMutation,
  useFollowUpRulesQuery,
  useSaveFollowUpRuleMutation,
  useRemoveFollowUpRuleMutation,
} = scheduleCalls;
