import { endpointQuery, endpointRequest, type EndpointPage } from '@portal/api-client';
import { type LeadListKind } from '@portal/contracts';
import { type Lead, type LeadActionResult } from '@portal/contracts/leads';
import { leadActionEndpoints, leadEndpoints, leadListEndpoints, platformEndpoints } from '@portal/contracts/endpoints';
import { leadsApi } from '../../api/leadsApi';
import type { LeadListParams } from './leadFilters';

/**
 * The action families of this remote's lists: bidding, information-feed and form leads act on
 * /customer/feedback/feedbacks/..., the smart-investment and message-board lists on their own
 * paths (the catalogue's leadActionEndpoints).
 */
export type LeadListFamily = 'feedbacks' | 'resource' | 'baiduFlow';

export interface LeadListArgs {
  kind: LeadListKind;
  params: LeadListParams;
}

export type LeadPage = EndpointPage<Lead>;

/** A per-lead action. */
export interface LeadArgs {
  family: LeadListFamily;
  id: number;
}

/** A batch action; `reload: false` leaves the lists' reload to the caller (a batch delete reloads later itself). */
export interface LeadsArgs {
  family: LeadListFamily;
  ids: number[];
  reload?: boolean;
}

export const LEAD_LIST_TAG = { type: 'Lead', id: 'LIST' } as const;

/** After a change the lists and the smart-investment counters reload, unless the caller reloads them itself. */
const reloadLists = (_result: unknown, error: unknown, args: LeadArgs | LeadsArgs) =>
  error || ('reload' in args && args.reload === false) ? [] : [LEAD_LIST_TAG, 'LeadSummary' as const];

/** The batch body as spec 001 writes it: `{ids}` on /feedbacks, the bare ids array elsewhere (the server takes both). */
const batchBody = (family: LeadListFamily, ids: number[]) => (family === 'feedbacks' ? { ids } : ids);

const list = endpointQuery(leadListEndpoints.feedback);

/** The lead lists' server calls, each a named catalogue entry. */
export const leadListApi = leadsApi.injectEndpoints({
  endpoints: (build) => ({
    getLeads: build.query<LeadPage, LeadListArgs>({
      query: ({ kind, params }) => endpointRequest(leadListEndpoints[kind], { query: params }),
      // Every list answers the same page of leads: one transform serves them all.
      transformResponse: (rows, meta, { params }) => list.transformResponse(rows, meta, { query: params }),
      providesTags: [LEAD_LIST_TAG],
    }),
    getLeadItems: build.query({ ...endpointQuery(platformEndpoints.items), providesTags: ['Item'] }),
    getResourceSummary: build.query({ ...endpointQuery(leadEndpoints.resourceSummary), providesTags: ['LeadSummary'] }),
    markLeadRead: build.mutation<LeadActionResult, LeadArgs>({
      query: ({ family, id }) => endpointRequest(leadActionEndpoints[family].read, { params: { id } }),
      invalidatesTags: reloadLists,
    }),
    markLeadUnread: build.mutation<LeadActionResult, LeadArgs>({
      query: ({ family, id }) => endpointRequest(leadActionEndpoints[family].unread, { params: { id } }),
      invalidatesTags: reloadLists,
    }),
    deleteLead: build.mutation<LeadActionResult, LeadArgs>({
      query: ({ family, id }) => endpointRequest(leadActionEndpoints[family].remove, { params: { id } }),
      invalidatesTags: reloadLists,
    }),
    saveLeadRemark: build.mutation<LeadActionResult, LeadArgs & { remark: string }>({
      query: ({ family, id, remark }) => endpointRequest(leadActionEndpoints[family].remark, { params: { id }, body: { remark } }),
      invalidatesTags: reloadLists,
    }),
    markLeadsRead: build.mutation<LeadActionResult, LeadsArgs>({
      query: ({ family, ids }) => endpointRequest(leadActionEndpoints[family].readMany, { body: batchBody(family, ids) }),
      invalidatesTags: reloadLists,
    }),
    markLeadsUnread: build.mutation<LeadActionResult, LeadsArgs>({
      query: ({ family, ids }) => endpointRequest(leadActionEndpoints[family].unreadMany, { body: batchBody(family, ids) }),
      invalidatesTags: reloadLists,
    }),
    deleteLeads: build.mutation<LeadActionResult, LeadsArgs>({
      query: ({ family, ids }) => endpointRequest(leadActionEndpoints[family].removeMany, { body: batchBody(family, ids) }),
      invalidatesTags: reloadLists,
    }),
  }),
});

export const {
  useGetLeadsQuery,
  useGetLeadItemsQuery,
  useGetResourceSummaryQuery,
  useMarkLeadReadMutation,
  useMarkLeadUnreadMutation,
  useDeleteLeadMutation,
  useSaveLeadRemarkMutation,
  useMarkLeadsReadMutation,
  useMarkLeadsUnreadMutation,
  useDeleteLeadsMutation,
} = leadListApi;
