import { ResponseCode } from '@portal/contracts';
import { CrmMessage } from '@portal/contracts/crm';
import { crmPushEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { ServerMessage } from '../../../http/messages';
import { setPaginationHeaders } from '../../../http/pagination';
import { route } from '../../../http/route';
import { currentCustomerId } from '../../../plugins/auth';
import * as push from './service';

/**
 * The push log and connection calls (ours: /es/crmpushlog/*, /es/crmpushconnection/*): the
 * customer's pushes of one CRM with their attempts, pushing a refused or failed one again (one, or
 * every one of a filter), and the connection's state and resume. Only the customer's own jobs:
 * another customer's id is 404.
 */
export const pushRoutes: FastifyPluginAsync = async (app) => {
  route(app, crmPushEndpoints.log, async (request, reply) => {
    const { rows, totalRow } = await push.listLog(app.db, currentCustomerId(request), request.query);
    setPaginationHeaders(request, reply, request.query, totalRow);
    return rows;
  });

  route(app, crmPushEndpoints.attempts, async (request) => ({
    code: ResponseCode.Success,
    message: ServerMessage.Succeeded,
    data: await push.attemptsOf(app.db, currentCustomerId(request), request.params.id),
  }));

  route(app, crmPushEndpoints.retry, async (request) => ({
    code: ResponseCode.Success,
    message: CrmMessage.RetryQueued,
    data: { count: await push.retryOne(app.db, currentCustomerId(request), request.params.id) },
  }));

  route(app, crmPushEndpoints.retryFailed, async (request) => ({
    code: ResponseCode.Success,
    message: CrmMessage.RetryQueued,
    data: { count: await push.retryFailed(app.db, currentCustomerId(request), request.body) },
  }));

  route(app, crmPushEndpoints.connection, async (request) => ({
    code: ResponseCode.Success,
    message: ServerMessage.Succeeded,
    data: await push.connection(app.db, currentCustomerId(request), request.query.crmCode),
  }));

  route(app, crmPushEndpoints.resume, async (request) => {
    await push.resume(app.db, currentCustomerId(request), request.body.crmCode);
    return { code: ResponseCode.Success, message: CrmMessage.ConnectionResumed, data: {} };
  });
};
