import { endpointQuery } from '@portal/api-client';
import { mallEndpoints } from '@portal/contracts/endpoints';
import { mallApi } from '../../api/mallApi';

/** The goods on sale, all sections at once (each section at most GOODS_LIST_MAX). */
export const goodsApi = mallApi.injectEndpoints({
  endpoints: (build) => ({
    goods: build.query({ ...endpointQuery(mallEndpoints.goods, () => ({ query: {} })), providesTags: ['Goods'] }),
  }),
});

export const { useGoodsQuery } = goodsApi;
