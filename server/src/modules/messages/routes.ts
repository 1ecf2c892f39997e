import { ResponseCode } from '@portal/contracts';
import { type MessageActionResult, MessageText } from '@portal/contracts/messages';
import { messageEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { setPaginationHeaders } from '../../http/pagination';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import * as messages from './service';

/**
 * The message centre, the notification popover's counters and the navigation's suggestion
 * dialog. Every call sees only the logged-in customer's notices (their user notices and the
 * system notices they have not deleted); an id the customer does not see is 404 '消息不存在'
 * and nothing changes. Read, read-all and delete publish `counters.changed` after the commit
 * when they changed something.
 */
export const messageRoutes: FastifyPluginAsync = async (app) => {
  const answer = (customerId: number, message: string, result: MessageActionResult) => {
    if (result.count > 0) app.events.emit('counters.changed', { customerId, messages: result.unread });
    return { code: ResponseCode.Success, message, data: result };
  };

  route(app, messageEndpoints.list, async (request, reply) => {
    const { rows, totalRow } = await messages.listPage(app.db, currentCustomerId(request), request.query);
    setPaginationHeaders(request, reply, request.query, totalRow);
    return rows;
  });

  route(app, messageEndpoints.unreadCounts, async (request) => ({
    code: ResponseCode.Success,
    message: '成功',
    data: await messages.unreadCounts(app.db, currentCustomerId(request)),
  }));

  route(app, messageEndpoints.readAll, async (request) => {
    const customerId = currentCustomerId(request);
    return answer(customerId, MessageText.ReadSucceeded, await messages.markAllRead(app.db, customerId, request.body.type));
  });

  route(app, messageEndpoints.deleteMany, async (request) => {
    const customerId = currentCustomerId(request);
    return answer(customerId, MessageText.DeleteSucceeded, await messages.remove(app.db, customerId, request.body.ids));
  });

  route(app, messageEndpoints.read, async (request) => {
    const customerId = currentCustomerId(request);
    return answer(customerId, MessageText.ReadSucceeded, await messages.markRead(app.db, customerId, request.params.id));
  });

  route(app, messageEndpoints.suggest, async (request) => {
    await messages.sendSuggestion(app.db, currentCustomerId(request), request.body);
    return { code: ResponseCode.Success, message: MessageText.SuggestionSent, data: null };
  });
};
