import {
  type MessageActionResult,
  messageActionResultSchema,
  messageIdParamsSchema,
  messageIdsBodySchema,
  messageListQuerySchema,
  messageReadAllBodySchema,
  messageSchema,
  MessageText,
  messageUnreadCountsSchema,
  ResponseCode,
  suggestionSchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPaginationHeaders } from '../../http/pagination';
import { codeResponse, errorSchema, protectedErrors } from '../../http/schemas';
import { currentCustomerId } from '../../plugins/auth';
import * as messages from './service';

const tags = ['messages'];
const M = '/customer/message';
const actionResponse = { 200: codeResponse(messageActionResultSchema), ...protectedErrors, 404: errorSchema } as const;

/**
 * The message centre, the notification popover's counters and the navigation's suggestion
 * dialog. Every call sees only the logged-in customer's notices (their user notices and the
 * system notices they have not deleted); an id the customer does not see is 404 '消息不存在'
 * and nothing changes. Read, read-all and delete publish `counters.changed` after the commit
 * when they changed something.
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireLogin);

  const answer = (customerId: number, message: string, result: MessageActionResult) => {
    if (result.count > 0) app.events.emit('counters.changed', { customerId, messages: result.unread });
    return { code: ResponseCode.Success, message, data: result };
  };

  app.get(
    `${M}/messages`,
    {
      schema: {
        tags,
        summary: '消息列表 (最新在前; onlyUnread=1 只看未读, contents 搜索标题与内容, type 0 系统消息 1 用户通知; 分页信息在 x-pagination-info 与 link 响应头)',
        querystring: messageListQuerySchema,
        response: { 200: messageSchema.array(), ...protectedErrors },
      },
    },
    async (request, reply) => {
      const { rows, totalRow } = await messages.listPage(app.db, currentCustomerId(request), request.query);
      setPaginationHeaders(request, reply, request.query, totalRow);
      return rows;
    },
  );

  app.get(
    `${M}/unread-counts`,
    { schema: { tags, summary: '未读消息数 (system 系统, user 用户, customer 全部)', response: { 200: codeResponse(messageUnreadCountsSchema), ...protectedErrors } } },
    async (request) => ({ code: ResponseCode.Success, message: '成功', data: await messages.unreadCounts(app.db, currentCustomerId(request)) }),
  );

  app.put(
    `${M}/messages/read-all`,
    { schema: { tags, summary: '全部标记已读 (body {type?}: 只读该类型)', body: messageReadAllBodySchema, response: actionResponse } },
    async (request) => {
      const customerId = currentCustomerId(request);
      return answer(customerId, MessageText.ReadSucceeded, await messages.markAllRead(app.db, customerId, request.body.type));
    },
  );

  app.put(
    `${M}/messages/deleteList`,
    { schema: { tags, summary: '批量删除 (body {ids}, 1 到 500 个; 系统消息只对本账户删除)', body: messageIdsBodySchema, response: actionResponse } },
    async (request) => {
      const customerId = currentCustomerId(request);
      return answer(customerId, MessageText.DeleteSucceeded, await messages.remove(app.db, customerId, request.body.ids));
    },
  );

  app.put(
    `${M}/messages/:id/read`,
    { schema: { tags, summary: '标记已读 (展开消息)', params: messageIdParamsSchema, response: actionResponse } },
    async (request) => {
      const customerId = currentCustomerId(request);
      return answer(customerId, MessageText.ReadSucceeded, await messages.markRead(app.db, customerId, request.params.id));
    },
  );

  app.post(
    `${M}/suggestions`,
    {
      schema: {
        tags,
        summary: '意见建议 (body {type: 9, platform: 2, content}, 内容 1 到 200 个字符)',
        body: suggestionSchema,
        response: { 200: codeResponse(z.null()), ...protectedErrors },
      },
    },
    async (request) => {
      await messages.sendSuggestion(app.db, currentCustomerId(request), request.body);
      return { code: ResponseCode.Success, message: MessageText.SuggestionSent, data: null };
    },
  );
};
