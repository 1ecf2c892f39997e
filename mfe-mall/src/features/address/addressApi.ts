import { endpointQuery } from '@portal/api-client';
import { mallEndpoints } from '@portal/contracts/endpoints';
import type { AddressInput } from '@portal/contracts/mall';
import { mallApi } from '../../api/mallApi';

/**
 * The customer's delivery addresses (list, create, update, delete, set default) and the region
 * levels of the address form's picker. Every change refetches the list (the server keeps exactly
 * one default, so a change may move it).
 */
export const addressApi = mallApi.injectEndpoints({
  endpoints: (build) => ({
    addresses: build.query({ ...endpointQuery(mallEndpoints.addresses), providesTags: ['Addresses'] }),
    createAddress: build.mutation({
      ...endpointQuery(mallEndpoints.createAddress, (body: AddressInput) => ({ body })),
      invalidatesTags: ['Addresses'],
    }),
    updateAddress: build.mutation({
      ...endpointQuery(mallEndpoints.updateAddress, ({ id, body }: { id: number; body: AddressInput }) => ({ params: { id }, body })),
      invalidatesTags: ['Addresses'],
    }),
    deleteAddress: build.mutation({
      ...endpointQuery(mallEndpoints.deleteAddress, (id: number) => ({ params: { id } })),
      invalidatesTags: ['Addresses'],
    }),
    setDefaultAddress: build.mutation({
      ...endpointQuery(mallEndpoints.setDefaultAddress, (id: number) => ({ params: { id } })),
      invalidatesTags: ['Addresses'],
    }),
    // The divisions do not change while the page is open: kept for the session of the remote.
    regions: build.query({
      ...endpointQuery(mallEndpoints.regions, (code: string | undefined) => ({ query: code === undefined ? {} : { code } })),
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useAddressesQuery,
  useCreateAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
  useSetDefaultAddressMutation,
  useRegionsQuery,
  useLazyRegionsQuery,
} = addressApi;
