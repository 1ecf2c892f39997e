import { endpointRequest } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import type { z } from 'zod';
import { crmRuleEndpoints, crmSettingsEndpoints, scheduleEndpoints } from '@portal/contracts/endpoints';
import type { DailyArrangement, ImportResult, ScheduleStaff, SaveDay } from '@portal/contracts/schedule';
import { scheduleApi } from './scheduleApi';

/** A project of the picker, as itemList answers. */
export type ScheduleItem = z.infer<typeof scheduleEndpoints.items.response>[number];
/** An accept group (acceptgroup/listByWyCustomerId). */
export type AcceptGroup = z.infer<typeof crmRuleEndpoints.acceptGroups.response>[number];
/** An accept group as saved (rows without id are new; groups left out are deleted). */
export type AcceptGroupDraft = { id?: number; name: string };

export interface DayArgs {
  crmCode: CrmCode;
  itemId: number;
  /** 'YYYY-MM-DD'. */
  date: string;
}

/**
 * Every call of the schedule page (spec 001 section 7 "Call-centre scheduling", plus the accept
 * groups and the CRM staff sync of the CRM settings), each a catalogue entry. Writes invalidate what
 * they change: the day's rows ('Day' by `${itemId}/${date}`), the month's marks ('Days'), the
 * picker's counts ('Items') and the staff tree ('Staff'). The import (multipart, with progress) is
 * sent by the import dialog itself; it invalidates through `scheduleApi.util.invalidateTags`.
 */
export const scheduleCalls = scheduleApi.injectEndpoints({
  endpoints: (build) => ({
    items: build.query<ScheduleItem[], CrmCode>({
      query: (crmCode) => endpointRequest(scheduleEndpoints.items, { query: { crmCode } }),
      providesTags: ['Items'],
    }),
    scheduledDays: build.query<string[], { crmCode: CrmCode; itemId: number; month: string }>({
      query: ({ crmCode, itemId, month }) => endpointRequest(scheduleEndpoints.dateExists, { query: { crmCode, itemId: String(itemId), month } }),
      providesTags: (_result, _error, { itemId, month }) => [{ type: 'Days', id: `${itemId}/${month}` }, 'Days'],
    }),
    day: build.query<DailyArrangement[], DayArgs>({
      query: ({ crmCode, itemId, date }) => endpointRequest(scheduleEndpoints.day, { params: { date, itemId: String(itemId) }, query: { crmCode } }),
      providesTags: (_result, _error, { itemId, date }) => [{ type: 'Day', id: `${itemId}/${date}` }],
    }),
    saveDay: build.mutation<DailyArrangement[], SaveDay>({
      query: (body) => endpointRequest(scheduleEndpoints.save, { body }),
      invalidatesTags: (_result, error, { itemId, date }) => (error ? [] : [{ type: 'Day', id: `${itemId}/${date}` }, 'Days', 'Items', 'Staff']),
    }),
    deleteDay: build.mutation<{ count: number }, DayArgs>({
      query: ({ crmCode, itemId, date }) =>
        endpointRequest(scheduleEndpoints.deleteDay, { params: { date, itemId: String(itemId) }, query: { crmCode } }),
      invalidatesTags: (_result, error, { itemId, date }) => (error ? [] : [{ type: 'Day', id: `${itemId}/${date}` }, 'Days', 'Items', 'Staff']),
    }),
    copyDay: build.mutation<{ count: number }, DayArgs & { dates: string[] }>({
      query: ({ crmCode, itemId, date, dates }) =>
        endpointRequest(scheduleEndpoints.copy, { body: { crmCode, itemId: String(itemId), date, dates: dates.join(',') } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Day', 'Days', 'Items', 'Staff']),
    }),
    staff: build.query<ScheduleStaff[], DayArgs>({
      query: ({ crmCode, itemId, date }) =>
        endpointRequest(scheduleEndpoints.staff, { params: { itemId: String(itemId), date }, query: { crmCode } }),
      providesTags: ['Staff'],
    }),
    insertStaff: build.mutation<{ count: number }, DayArgs & { userIds: number[] }>({
      query: ({ crmCode, itemId, date, userIds }) =>
        endpointRequest(scheduleEndpoints.insertStaff, { body: { crmCode, itemId: String(itemId), date, userIds: userIds.join(',') } }),
      invalidatesTags: (_result, error, { itemId, date }) => (error ? [] : [{ type: 'Day', id: `${itemId}/${date}` }, 'Days', 'Items', 'Staff']),
    }),
    submitRepeat: build.mutation<ImportResult, { importId: string; choices: Array<{ userName: string; userId: number | null }> }>({
      query: (body) => endpointRequest(scheduleEndpoints.submitRepeat, { body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Day', 'Days', 'Items', 'Staff']),
    }),
    syncStaff: build.mutation<unknown, CrmCode>({
      query: (crmCode) => endpointRequest(crmSettingsEndpoints.syncStaff, { query: { crmCode } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
    acceptGroups: build.query<AcceptGroup[], void>({
      query: () => endpointRequest(crmRuleEndpoints.acceptGroups, undefined),
      providesTags: ['AcceptGroup'],
    }),
    saveAcceptGroups: build.mutation<AcceptGroup[], AcceptGroupDraft[]>({
      query: (body) => endpointRequest(crmRuleEndpoints.saveAcceptGroups, { body }),
      invalidatesTags: (_result, error) => (error ? [] : ['AcceptGroup', 'Day']),
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
} = scheduleCalls;
