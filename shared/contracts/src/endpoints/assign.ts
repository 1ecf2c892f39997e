import { z } from 'zod';
import {
  assignByChannelSourceSchema,
  assignByThirdPushSchema,
  assignByUserSchema,
  assignCandidateSchema,
  assignResourceTypeSchema,
  channelSourceLikeQuerySchema,
  channelSourceSchema,
  crmUserLikeQuerySchema,
} from '../leads/assign';
import { endpoint } from './define';

const tag = 'assign';
const assigned = z.object({ count: z.number() });

/** Manual assignment of leads (spec 001 section 7 "Manual assignment"): code-style answers. */
export const assignEndpoints = {
  mode: endpoint({
    method: 'GET',
    path: '/es/eccutomerdistribute/getCrmAssignResourceType',
    tag,
    summary: '手动分配方式 (data: 1 按员工, 2 按渠道来源, 3 直接推送第三方)',
    answer: 'code',
    response: assignResourceTypeSchema,
  }),
  toUser: endpoint({
    method: 'PUT',
    path: '/es/eccutomerdistribute/assignResourcesManually',
    tag,
    summary: '手动分配给员工 (body {resourceList: [{id, tableName}], userId})',
    body: assignByUserSchema,
    answer: 'code',
    response: assigned,
    errors: [404, 409],
  }),
  toChannelSource: endpoint({
    method: 'PUT',
    path: '/es/eccutomerdistribute/assignResourcesManuallyByChannelSource',
    tag,
    summary: '手动分配给渠道来源 (body {resourceList: [{id, tableName}], channelSourceCode})',
    body: assignByChannelSourceSchema,
    answer: 'code',
    response: assigned,
    errors: [404, 409],
  }),
  byThirdPush: endpoint({
    method: 'PUT',
    path: '/es/eccutomerdistribute/AssignResourcesManuallyByThridPush',
    tag,
    summary: '直接推送第三方 (每条线索向每个已开启同步的CRM各加入一条推送, 由推送队列送达; 无开启同步的CRM账号: 400 请先完成CRM推送设置)',
    body: assignByThirdPushSchema,
    answer: 'code',
    response: assigned,
    errors: [404, 409],
  }),
  searchUsers: endpoint({
    method: 'GET',
    path: '/es/crmuser/like',
    tag,
    summary: '按姓名搜索员工 (最多20条; 带 leadIds 时返回全部, 每人注明能否接收这些线索及原因)',
    query: crmUserLikeQuerySchema,
    answer: 'code',
    response: assignCandidateSchema.array(),
  }),
  searchChannelSources: endpoint({
    method: 'GET',
    path: '/es/crmchannelsource/like',
    tag,
    summary: '按名称搜索渠道来源 (最多20条)',
    query: channelSourceLikeQuerySchema,
    answer: 'code',
    response: channelSourceSchema.array(),
  }),
};
