import { leadEndpoints } from '@portal/contracts/endpoints';
import { PhoneCheckText } from '@portal/contracts/leads';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import { queueRecheck } from './service';

/**
 * POST /customer/leads/phone-check: the customer's leads named (at most PHONE_RECHECK_MAX) are
 * checked again by the checker's next pass, their numbers' cached classes forgotten. Without a
 * checker 400 '未配置号码检测服务'; no lead of the customer among them: 404.
 */
export const phoneCheckRoutes: FastifyPluginAsync = async (app) => {
  route(app, leadEndpoints.phoneRecheck, async (request) => {
    if (!app.phoneChecker) throw badRequest(PhoneCheckText.NoChecker);
    const queued = await queueRecheck(app.db, currentCustomerId(request), request.body.ids);
    if (queued === 0) throw notFound(PhoneCheckText.RecheckNotFound);
    return { queued };
  });
};
