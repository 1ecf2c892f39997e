import {
  assignByChannelSourceSchema,
  assignByThirdPushSchema,
  assignByUserSchema,
  assignResourceTypeSchema,
  channelSourceLikeQuerySchema,
  channelSourceSchema,
  crmUserLikeQuerySchema,
  crmUserSchema,
  LeadMessage,
  ResponseCode,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ServerMessage } from '../../http/messages';
import { codeResponse, errorSchema, protectedErrors } from '../../http/schemas';
import { currentCustomerId } from '../../plugins/auth';
import * as assign from './service';

const tags = ['assign'];
const D = '/es/eccutomerdistribute';
const assigned = codeResponse(z.object({ count: z.number() }));
const assignErrors = { ...protectedErrors, 404: errorSchema, 409: errorSchema } as const;

/** Manual assignment of leads (spec 001 section 7 "Manual assignment"): code-style answers `{code: '200', message, data}`. */
export const assignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireLogin);

  app.get(
    `${D}/getCrmAssignResourceType`,
    { schema: { tags, summary: '手动分配方式 (data: 1 按员工, 2 按渠道来源, 3 直接推送第三方)', response: { 200: codeResponse(assignResourceTypeSchema), ...protectedErrors } } },
    async (request) => ({
      code: ResponseCode.Success,
      message: ServerMessage.Succeeded,
      data: await assign.assignResourceType(app.db, currentCustomerId(request)),
    }),
  );

  app.put(
    `${D}/assignResourcesManually`,
    { schema: { tags, summary: '手动分配给员工 (body {resourceList: [{id, tableName}], userId})', body: assignByUserSchema, response: { 200: assigned, ...assignErrors } } },
    async (request) => ({
      code: ResponseCode.Success,
      message: LeadMessage.AssignSucceeded,
      data: { count: await assign.assignToUser(app.db, currentCustomerId(request), request.body.resourceList, request.body.userId) },
    }),
  );

  app.put(
    `${D}/assignResourcesManuallyByChannelSource`,
    {
      schema: {
        tags,
        summary: '手动分配给渠道来源 (body {resourceList: [{id, tableName}], channelSourceCode})',
        body: assignByChannelSourceSchema,
        response: { 200: assigned, ...assignErrors },
      },
    },
    async (request) => ({
      code: ResponseCode.Success,
      message: LeadMessage.AssignSucceeded,
      data: {
        count: await assign.assignToChannelSource(app.db, currentCustomerId(request), request.body.resourceList, request.body.channelSourceCode),
      },
    }),
  );

  app.put(
    `${D}/AssignResourcesManuallyByThridPush`,
    { schema: { tags, summary: '直接推送第三方 (CRM 推送尚未接入: 400 请先完成CRM推送设置)', body: assignByThirdPushSchema, response: { 200: assigned, ...assignErrors } } },
    async () => assign.assignByThirdPush(),
  );

  app.get(
    '/es/crmuser/like',
    { schema: { tags, summary: '按姓名搜索员工 (最多20条)', querystring: crmUserLikeQuerySchema, response: { 200: codeResponse(crmUserSchema.array()), ...protectedErrors } } },
    async (request) => ({
      code: ResponseCode.Success,
      message: ServerMessage.Succeeded,
      data: await assign.searchUsers(app.db, currentCustomerId(request), request.query.userName),
    }),
  );

  app.get(
    '/es/crmchannelsource/like',
    {
      schema: {
        tags,
        summary: '按名称搜索渠道来源 (最多20条)',
        querystring: channelSourceLikeQuerySchema,
        response: { 200: codeResponse(channelSourceSchema.array()), ...protectedErrors },
      },
    },
    async (request) => ({
      code: ResponseCode.Success,
      message: ServerMessage.Succeeded,
      data: await assign.searchSources(app.db, currentCustomerId(request), request.query.sourceName),
    }),
  );
};
