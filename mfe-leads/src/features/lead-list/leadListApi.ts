import { endpointQuery, endpointRequest, type EndpointPage } from '@portal/api-client';
import { ReadStatus, type LeadListKind } from '@portal/contracts';
import { type Lead, type LeadActionResult, type LeadFamily, type PhoneRecheckResult } from '@portal/contracts/leads';
import { leadActionEndpoints, leadEndpoints, leadListEndpoints, platformEndpoints } from '@portal/contracts/endpoints';
import { leadsApi } from '../../api/leadsApi';
import type { LeadListParams } from './leadFilters';

export interface LeadListArgs {
  kind: LeadListKind;
  params: LeadListParams;
}

export type LeadPage = EndpointPage<Lead>;

/** What an action does to the leads it is given. */
export type LeadChange = 'read' | 'unread' | 'delete';

/**
 * A change to leads of one family (a list shows several: each row acts through its own kind's
 * calls, LEAD_FAMILY_KINDS); `reload: false` leaves the lists' reload to the caller (a batch
 * delete reloads later itself).
 */
export interface LeadChangeArgs {
  family: LeadFamily;
  change: LeadChange;
  ids: readonly number[];
  /** A batch action (批量...): the family's batch call, whatever the count. */
  batch?: boolean;
  reload?: boolean;
}

/** The families with a remark call (spec 001 gives resource-distribution and resourceCpchandler none). */
export type RemarkFamily = Exclude<LeadFamily, 'resourceDistribution' | 'resourceCpc'>;
export const hasRemarkCall = (family: LeadFamily): family is RemarkFamily => family !== 'resourceDistribution' && family !== 'resourceCpc';

export interface LeadRemarkArgs {
  family: RemarkFamily;
  id: number;
  remark: string;
}

export const LEAD_LIST_TAG = { type: 'Lead', id: 'LIST' } as const;

/** After a change the lists and the smart-investment counters reload, unless the caller reloads them itself. */
const reloadLists = (_result: unknown, error: unknown, args: LeadChangeArgs | LeadRemarkArgs) =>
  error || ('reload' in args && args.reload === false) ? [] : [LEAD_LIST_TAG, 'LeadSummary' as const];

/** The batch body as spec 001 writes it: `{ids}` on /feedbacks, the bare ids array elsewhere (the server takes both). */
const batchBody = (family: LeadFamily, ids: readonly number[]) => (family === 'feedbacks' ? { ids: [...ids] } : [...ids]);

/**
 * The call of spec 001 section 7 that makes `change` to `ids` of one family: a row's action takes
 * the family's per-lead call where it has one (resource-distribution has only batch calls), a
 * batch action its batch call; resourceCpchandler's POSTs carry the ids and the read status in the body.
 */
export function leadChangeRequest({ family, change, ids, batch = false }: Pick<LeadChangeArgs, 'family' | 'change' | 'ids' | 'batch'>) {
  const id = ids[0]!;
  const single = !batch && ids.length === 1;
  if (family === 'resourceCpc') {
    const cpc = leadActionEndpoints.resourceCpc;
    if (change === 'delete') {
      return single ? endpointRequest(cpc.remove, { body: { id } }) : endpointRequest(cpc.removeMany, { body: { ids: [...ids] } });
    }
    const readStatus = change === 'read' ? ReadStatus.Read : ReadStatus.Unread;
    return single
      ? endpointRequest(cpc.setRead, { body: { id, readStatus } })
      : endpointRequest(cpc.setReadMany, { body: { ids: [...ids], readStatus } });
  }
  if (single && family !== 'resourceDistribution') {
    const calls = leadActionEndpoints[family];
    return endpointRequest(change === 'read' ? calls.read : change === 'unread' ? calls.unread : calls.remove, { params: { id } });
  }
  const calls = leadActionEndpoints[family];
  return endpointRequest(change === 'read' ? calls.readMany : change === 'unread' ? calls.unreadMany : calls.removeMany, {
    body: batchBody(family, ids),
  });
}

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
    changeLeads: build.mutation<LeadActionResult, LeadChangeArgs>({ query: leadChangeRequest, invalidatesTags: reloadLists }),
    saveLeadRemark: build.mutation<LeadActionResult, LeadRemarkArgs>({
      query: ({ family, id, remark }) => endpointRequest(leadActionEndpoints[family].remark, { params: { id }, body: { remark } }),
      invalidatesTags: reloadLists,
    }),
    // The checks run in the background (issue 24): the rows change when their classes come, not now.
    recheckPhones: build.mutation<PhoneRecheckResult, readonly number[]>({
      query: (ids) => endpointRequest(leadEndpoints.phoneRecheck, { body: { ids: [...ids] } }),
    }),
  }),
});

export const {
  useGetLeadsQuery,
  useGetLeadItemsQuery,
  useGetResourceSummaryQuery,
  useChangeLeadsMutation,
  useSaveLeadRemarkMutation,
  useRecheckPhonesMutation,
} = leadListApi;
