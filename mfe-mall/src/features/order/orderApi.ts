import { endpointQuery } from '@portal/api-client';
import { mallEndpoints } from '@portal/contracts/endpoints';
import type { OrderCreateInput } from '@portal/contracts/mall';
import { mallApi } from '../../api/mallApi';

/** Placing an order: one Idempotency-Key per confirmation, so that a repeated submit makes one order. */
export const orderApi = mallApi.injectEndpoints({
  endpoints: (build) => ({
    createOrder: build.mutation({
      ...endpointQuery(mallEndpoints.createOrder, ({ body, key }: { body: OrderCreateInput; key: string }) => ({
        body,
        headers: { 'Idempotency-Key': key },
      })),
      invalidatesTags: ['Points', 'Goods'],
    }),
  }),
});

export const { useCreateOrderMutation } = orderApi;
