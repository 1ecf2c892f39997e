import type { ItemsQuery, PlatformChannel, PlatformItem } from '@portal/contracts';
import type { AxiosInstance } from 'axios';
import { apiClient } from '../createApiClient';
import { unwrapCode } from '../codeResponse';

/** A project (item). status: 1 on air, 0 invalid or under review, -1 taken down (ItemStatus). */
export type Item = PlatformItem;

/** A promotion channel. channelType: 1 bidding, 2 information feed (ChannelType). */
export type Channel = PlatformChannel;

export interface PlatformApi {
  /** GET /customer/platform/items/all?modeType= (all the customer's projects). */
  items(query?: ItemsQuery): Promise<Item[]>;
  /** GET /customer/platform/channels/listAll. */
  channels(): Promise<Channel[]>;
}

export function createPlatformApi(http: AxiosInstance = apiClient): PlatformApi {
  return {
    async items(query = {}) {
      const response = await http.get<unknown>('/customer/platform/items/all', { params: query });
      return unwrapCode<Item[]>(response.data, response.status);
    },
    async channels() {
      const response = await http.get<unknown>('/customer/platform/channels/listAll');
      return unwrapCode<Channel[]>(response.data, response.status);
    },
  };
}

export const platformApi: PlatformApi = createPlatformApi();
