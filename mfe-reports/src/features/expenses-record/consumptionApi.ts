import { endpointRequest } from '@portal/api-client';
import type { ConsumptionReport } from '@portal/contracts/reports';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { reportsApi } from '../../api/reportsApi';

export type ConsumptionGrid = 'monthly' | 'daily';

export interface ConsumptionParams {
  year: number;
  dataType: number;
  /** The daily grid's month (1-12); the monthly grid sends none. */
  month?: number;
  itemId?: number;
}

/** The call and the export of each grid. */
export const CONSUMPTION_ENDPOINTS = {
  monthly: { report: reportEndpoints.consumptionMonthly, export: reportEndpoints.consumptionMonthlyExport },
  daily: { report: reportEndpoints.consumptionDaily, export: reportEndpoints.consumptionDailyExport },
} as const;

/** The consumption report (spec 000 section 2): one measure per project by month of a year, or by day of a month. */
export const consumptionApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getConsumption: build.query<ConsumptionReport, { grid: ConsumptionGrid; query: ConsumptionParams }>({
      query: ({ grid, query }) => endpointRequest(CONSUMPTION_ENDPOINTS[grid].report, { query }),
      providesTags: ['Ledger'],
    }),
  }),
});

export const { useGetConsumptionQuery } = consumptionApi;
