import type { FastifyPluginAsync } from 'fastify';
import { acceptFormBodies } from '../../http/form-body';
import { pushRoutes } from './push/routes';
import { settingsRoutes } from './settings/routes';

/** The CRM calls: settings (spec 001 section 7, some form-encoded) and the push log. */
export const crmRoutes: FastifyPluginAsync = async (app) => {
  acceptFormBodies(app);
  await app.register(settingsRoutes);
  await app.register(pushRoutes);
};
