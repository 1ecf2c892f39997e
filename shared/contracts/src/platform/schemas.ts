import { z } from 'zod';
import { optionalQueryParam, queryInt } from '../common/query';

/** Texts of the platform (items and channels) calls. */
export const PlatformMessage = {
  ItemNotFound: '项目不存在',
  ItemInvalid: '项目不正确',
  ModeTypeInvalid: '项目类型不正确',
} as const;

/** GET /customer/platform/items/all: modeType filters the items when given. */
export const itemsQuerySchema = z.object({
  modeType: optionalQueryParam(queryInt(PlatformMessage.ModeTypeInvalid, 0, 99)),
});
export type ItemsQuery = z.infer<typeof itemsQuerySchema>;

/** One item (project) of the customer; status is an ItemStatus, modeType null when it has no special mode. */
export const platformItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.number(),
  modeType: z.number().nullable(),
});
export type PlatformItem = z.infer<typeof platformItemSchema>;

/** One promotion channel of the customer; channelType is a ChannelType. */
export const platformChannelSchema = z.object({
  id: z.number(),
  title: z.string(),
  channelType: z.number(),
});
export type PlatformChannel = z.infer<typeof platformChannelSchema>;
