import { endpointQuery } from '@portal/api-client';
import { mallEndpoints } from '@portal/contracts/endpoints';
import type { OrderCreateInput } from '@portal/contracts/mall';
import { mallApi } from '../../api/mallApi';

/**
 * Placing an order (one Idempotency-Key per confirmation, so that a repeated submit makes one
 * order), the customer's orders (paged, by status) and one order with its logistics.
 */
export const orderApi = mallApi.injectEndpoints({
  endpoints: (build) => ({
    createOrder: build.mutation({
      ...endpointQuery(mallEndpoints.createOrder, ({ body, key }: { body: OrderCreateInput; key: string }) => ({
        body,
        headers: { 'Idempotency-Key': key },
      })),
      invalidatesTags: ['Points', 'Goods', 'Orders'],
    }),
    orders: build.query({
      ...endpointQuery(mallEndpoints.orders, (query: { page: number; pageSize: number; status?: number }) => ({ query })),
      providesTags: ['Orders'],
    }),
    order: build.query({ ...endpointQuery(mallEndpoints.order, (id: number) => ({ params: { id } })), providesTags: ['Orders'] }),
  }),
});

export const { useCreateOrderMutation, useOrdersQuery, useOrderQuery } = orderApi;
