import type { FastifyPluginAsync } from 'fastify';

/** The CRM settings calls (spec 001 section 7): account, source, field and label mapping, rules, groups. */
export const settingsRoutes: FastifyPluginAsync = async () => {};
