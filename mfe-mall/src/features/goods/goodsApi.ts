import { endpointQuery } from '@portal/api-client';
import { mallEndpoints } from '@portal/contracts/endpoints';
import { mallApi } from '../../api/mallApi';

/** The goods on sale, all sections at once (each section at most GOODS_LIST_MAX), one good with its success cases, and the home's banners. */
export const goodsApi = mallApi.injectEndpoints({
  endpoints: (build) => ({
    goods: build.query({ ...endpointQuery(mallEndpoints.goods, () => ({ query: {} })), providesTags: ['Goods'] }),
    good: build.query({ ...endpointQuery(mallEndpoints.good, (id: number) => ({ params: { id } })), providesTags: ['Goods'] }),
    banners: build.query({ ...endpointQuery(mallEndpoints.banners), providesTags: ['Goods'] }),
  }),
});

export const { useGoodsQuery, useGoodQuery, useBannersQuery } = goodsApi;
