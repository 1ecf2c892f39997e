import { z } from 'zod';
import { SUGGESTION_MAX } from '../common/constants';
import { MessageFormType, MessagePlatform, NoticeStatus, NoticeType } from '../common/enums';
import { paginationQuerySchema } from '../common/pagination';
import { idParam, idValue, optionalQueryParam, queryInt } from '../common/query';
import { hasNoNul } from '../leads/schemas';

/**
 * Notifications (spec 000 sections 2-4): system notices (type 0) go to every customer, user
 * notices (type 1) to one. Status 0 is unread; expanding a row reads it. The suggestion dialog
 * sends a type 9, platform 2 message to the operator.
 */
export const MessageText = {
  ContentRequired: '信息不能为空',
  SuggestionTooLong: `最多输入${SUGGESTION_MAX}个字符`,
  SuggestionSent: '提交成功，感谢您的建议！',
  SuggestionTitle: '意见建议',
  MessageNotFound: '消息不存在',
  SearchTooLong: '搜索内容不能超过50个字符',
  SearchInvalid: '搜索内容包含无效字符',
  ContentInvalid: '建议内容包含无效字符',
  TypeInvalid: '消息类型不正确',
  IdsRequired: '请先选择要删除的数据',
  DeleteSucceeded: '删除成功！',
  ReadSucceeded: '操作成功',
  OnlyUnread: '只看未读',
  SystemTab: '系统消息',
  AllTab: '全部消息',
  MessageCenter: '消息中心',
  Empty: '暂无消息',
  ViewAll: '查看全部',
  NewBadge: '新',
  NoUnread: '暂无未读消息',
  UnreadList: '未读消息',
  LoadFailed: '消息加载失败',
  SearchLabel: '消息内容',
  SearchPlaceholder: '请输入标题或内容',
  ReadAll: '全部已读',
  Delete: '删除',
  ColumnType: '类型',
  ColumnTitle: '标题',
  ColumnTime: '时间',
  SuggestionLabel: '建议内容',
  SuggestionPlaceholder: `请输入您的意见或建议，最多${SUGGESTION_MAX}字`,
  SuggestionSubmit: '提交',
} as const;

/** The unread counters: system notices, user notices, and `customer`, all of this customer's unread (the bell's count). */
export const messageUnreadCountsSchema = z.object({ system: z.number(), user: z.number(), customer: z.number() });
export type MessageUnreadCounts = z.infer<typeof messageUnreadCountsSchema>;

/** One notification as the message centre lists it. Times 'YYYY-MM-DD HH:mm:ss' China time. */
export const messageSchema = z.object({
  id: z.number(),
  title: z.string(),
  contents: z.string(),
  createTime: z.string(),
  type: z.union([z.literal(NoticeType.System), z.literal(NoticeType.User)]),
  status: z.union([z.literal(NoticeStatus.Unread), z.literal(NoticeStatus.Read)]),
});
export type Message = z.infer<typeof messageSchema>;

const zeroOne = (message: string) => queryInt(message, 0, 1);

/**
 * GET /customer/message/messages: newest first. onlyUnread=1 keeps status 0; contents searches
 * title and contents (at most 50 characters); type 0 is the system tab, 1 user notices.
 */
export const messageListQuerySchema = paginationQuerySchema.extend({
  onlyUnread: optionalQueryParam(zeroOne(MessageText.TypeInvalid)),
  contents: optionalQueryParam(
    z.string().trim().max(50, { error: MessageText.SearchTooLong }).refine(hasNoNul, { error: MessageText.SearchInvalid }),
  ),
  type: optionalQueryParam(zeroOne(MessageText.TypeInvalid)),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageIdParamsSchema = z.object({ id: idParam(MessageText.MessageNotFound) });

/** PUT /customer/message/messages/deleteList: `{ids}`, 1 to 500 ids. */
export const messageIdsBodySchema = z.object({
  ids: z
    .array(idValue(MessageText.MessageNotFound), { error: MessageText.IdsRequired })
    .min(1, { error: MessageText.IdsRequired })
    .max(500, { error: MessageText.IdsRequired }),
});

/** PUT /customer/message/messages/read-all: every unread notice, or one type's. */
export const messageReadAllBodySchema = z.object({
  type: z.union([z.literal(NoticeType.System), z.literal(NoticeType.User)], { error: MessageText.TypeInvalid }).optional(),
});

/** What read, read-all and delete answer: the new counters. */
export const messageActionResultSchema = z.object({ count: z.number(), unread: messageUnreadCountsSchema });
export type MessageActionResult = z.infer<typeof messageActionResultSchema>;

/** POST /customer/message/suggestions: the top navigation's suggestion dialog. */
export const suggestionSchema = z.object({
  type: z.literal(MessageFormType.Suggestion).default(MessageFormType.Suggestion),
  platform: z.literal(MessagePlatform.LoggedIn).default(MessagePlatform.LoggedIn),
  content: z
    .string({ error: MessageText.ContentRequired })
    .trim()
    .min(1, { error: MessageText.ContentRequired })
    .max(SUGGESTION_MAX, { error: MessageText.SuggestionTooLong })
    .refine(hasNoNul, { error: MessageText.ContentInvalid }),
});
export type SuggestionInput = z.input<typeof suggestionSchema>;

/** Operator notices (CLI): a title and contents; no account for a system notice. */
export const noticeInputSchema = z.object({
  title: z.string().trim().min(1, { error: '标题不能为空' }).max(100, { error: '标题不能超过100个字符' }),
  contents: z.string().trim().min(1, { error: '内容不能为空' }).max(2000, { error: '内容不能超过2000个字符' }),
});
