import { CommonMessage, LeadMessage, ResponseCode } from '@portal/contracts';
import { CrmMessage } from '@portal/contracts/crm';
import { assignEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { ServerMessage } from '../../http/messages';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import * as assign from './service';

/** Manual assignment of leads (spec 001 section 7 "Manual assignment"): code-style answers `{code: '200', message, data}`. */
export const assignRoutes: FastifyPluginAsync = async (app) => {
  route(app, assignEndpoints.mode, async (request) => ({
    code: ResponseCode.Success,
    message: ServerMessage.Succeeded,
    data: await assign.assignResourceType(app.db, currentCustomerId(request)),
  }));

  route(app, assignEndpoints.toUser, async (request) => ({
    code: ResponseCode.Success,
    message: LeadMessage.AssignSucceeded,
    data: { count: await assign.assignToUser(app.db, currentCustomerId(request), request.body.resourceList, request.body.userId) },
  }));

  route(app, assignEndpoints.toChannelSource, async (request) => ({
    code: ResponseCode.Success,
    message: LeadMessage.AssignSucceeded,
    data: {
      count: await assign.assignToChannelSource(app.db, currentCustomerId(request), request.body.resourceList, request.body.channelSourceCode),
    },
  }));

  route(app, assignEndpoints.byThirdPush, async (request) => {
    const count = await assign.assignByThirdPush(app.db, currentCustomerId(request), request.body.resourceList);
    // '操作成功：{result}' (spec 001 section 8): '操作成功：已提交推送N条'.
    return { code: ResponseCode.Success, message: `${CommonMessage.OperationSucceeded}：${CrmMessage.ThirdPushQueued}${count}条`, data: { count } };
  });

  route(app, assignEndpoints.searchUsers, async (request) => ({
    code: ResponseCode.Success,
    message: ServerMessage.Succeeded,
    data:
      request.query.leadIds === undefined
        ? (await assign.searchUsers(app.db, currentCustomerId(request), request.query.userName)).map((user) => ({
            ...user,
            eligible: true,
            reason: null,
          }))
        : await assign.assignCandidates(app.db, currentCustomerId(request), request.query.leadIds, request.query.userName),
  }));

  route(app, assignEndpoints.searchChannelSources, async (request) => ({
    code: ResponseCode.Success,
    message: ServerMessage.Succeeded,
    data: await assign.searchSources(app.db, currentCustomerId(request), request.query.sourceName),
  }));
};
