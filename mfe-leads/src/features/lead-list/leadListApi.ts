import { parsePaginationInfo, type AxiosQueryArgs } from '@portal/api-client';
import { totalPages, type Lead, type LeadActionResult, type LeadSummary, type PaginationInfo, type PlatformItem } from '@portal/contracts';
import { leadsApi } from '../../api/leadsApi';
import type { LeadListParams } from './leadFilters';

export interface LeadListArgs {
  path: string;
  params: LeadListParams;
}

export interface LeadPage {
  rows: Lead[];
  pagination: PaginationInfo;
}

/** One action on leads; `reload` refreshes the lists at once (a batch delete reloads later itself). */
export interface LeadActionArgs extends AxiosQueryArgs {
  reload: boolean;
}

export const LEAD_LIST_TAG = { type: 'Lead', id: 'LIST' } as const;

/** The lead lists' server calls. */
export const leadListApi = leadsApi.injectEndpoints({
  endpoints: (build) => ({
    getLeads: build.query<LeadPage, LeadListArgs>({
      query: ({ path, params }) => ({ url: path, params }),
      transformResponse: (body: unknown, meta, { params }) => {
        const rows = Array.isArray(body) ? (body as Lead[]) : [];
        const pageSize = Number(params.pageSize);
        // Without the header the rows are all there is.
        const pagination = parsePaginationInfo(meta?.headers) ?? {
          page: Number(params.page),
          pageSize,
          totalRow: rows.length,
          totalPage: totalPages(rows.length, pageSize),
        };
        return { rows, pagination };
      },
      providesTags: [LEAD_LIST_TAG],
    }),
    getLeadItems: build.query<PlatformItem[], void>({
      query: () => ({ url: '/customer/platform/items/all' }),
      providesTags: ['Item'],
    }),
    getResourceSummary: build.query<LeadSummary, void>({
      query: () => ({ url: '/customer/feedback/resource/summary' }),
      providesTags: ['LeadSummary'],
    }),
    runLeadAction: build.mutation<LeadActionResult | null, LeadActionArgs>({
      query: ({ url, method, params, data }) => ({ url, method, params, data }),
      invalidatesTags: (_result, error, { reload }) => (reload && !error ? [LEAD_LIST_TAG, 'LeadSummary'] : []),
    }),
  }),
});

export const { useGetLeadsQuery, useGetLeadItemsQuery, useGetResourceSummaryQuery, useRunLeadActionMutation } = leadListApi;
