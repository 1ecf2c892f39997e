import type { FastifyPluginAsync } from 'fastify';
import { acceptFormBodies } from '../../http/form-body';

/**
 * The call-centre scheduling calls (spec 001 section 7 "Call-centre scheduling"): the schedule
 * page's projects, days, rows, staff, copy, import and template; and the lead's distribution record.
 */
export const scheduleRoutes: FastifyPluginAsync = async (app) => {
  acceptFormBodies(app);
};
