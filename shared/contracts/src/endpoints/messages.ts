import { z } from 'zod';
import {
  messageActionResultSchema,
  messageIdParamsSchema,
  messageIdsBodySchema,
  messageListQuerySchema,
  messageReadAllBodySchema,
  messageSchema,
  messageUnreadCountsSchema,
  suggestionSchema,
} from '../messages/schemas';
import { endpoint } from './define';

const tag = 'messages';

/**
 * The message centre, the notification popover's counters and the navigation's suggestion
 * dialog. Read, read-all and delete answer `{count, unread}`: how many changed and the new counters.
 */
export const messageEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/customer/message/messages',
    tag,
    summary:
      '消息列表 (最新在前; onlyUnread=1 只看未读, contents 搜索标题与内容, type 0 系统消息 1 用户通知; 分页信息在 x-pagination-info 与 link 响应头)',
    query: messageListQuerySchema,
    answer: 'page',
    response: messageSchema,
  }),
  unreadCounts: endpoint({
    method: 'GET',
    path: '/customer/message/unread-counts',
    tag,
    summary: '未读消息数 (system 系统, user 用户, customer 全部)',
    answer: 'code',
    response: messageUnreadCountsSchema,
  }),
  readAll: endpoint({
    method: 'PUT',
    path: '/customer/message/messages/read-all',
    tag,
    summary: '全部标记已读 (body {type?}: 只读该类型)',
    body: messageReadAllBodySchema,
    answer: 'code',
    response: messageActionResultSchema,
    errors: [404],
  }),
  deleteMany: endpoint({
    method: 'PUT',
    path: '/customer/message/messages/deleteList',
    tag,
    summary: '批量删除 (body {ids}, 1 到 500 个; 系统消息只对本账户删除)',
    body: messageIdsBodySchema,
    answer: 'code',
    response: messageActionResultSchema,
    errors: [404],
  }),
  read: endpoint({
    method: 'PUT',
    path: '/customer/message/messages/{id}/read',
    tag,
    summary: '标记已读 (展开消息)',
    params: messageIdParamsSchema,
    answer: 'code',
    response: messageActionResultSchema,
    errors: [404],
  }),
  suggest: endpoint({
    method: 'POST',
    path: '/customer/message/suggestions',
    tag,
    summary: '意见建议 (body {type: 9, platform: 2, content}, 内容 1 到 200 个字符)',
    body: suggestionSchema,
    answer: 'code',
    response: z.null(),
  }),
};
