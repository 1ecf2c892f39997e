import { CommonMessage } from '@portal/contracts';
import { FORM_URLENCODED } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../http/errors';
import { pushRoutes } from './push/routes';
import { settingsRoutes } from './settings/routes';

/** The most fields a form-encoded body may carry (the account form has 15). */
const FORM_FIELDS_MAX = 40;

/**
 * The CRM calls: settings (spec 001 section 7) and the push log. The spec sends the account,
 * creator and template forms form-encoded: a body of that type is parsed here, for these routes
 * only, into an object of strings (a repeated key keeps its last value) that the zod schemas check.
 */
export const crmRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(FORM_URLENCODED, { parseAs: 'string' }, (_request, body, done) => {
    const params = new URLSearchParams(body as string);
    const form: Record<string, string> = Object.create(null) as Record<string, string>;
    let count = 0;
    for (const [key, value] of params) {
      count += 1;
      if (count > FORM_FIELDS_MAX) return done(badRequest(CommonMessage.BadRequest), undefined);
      form[key] = value;
    }
    done(null, form);
  });
  await app.register(settingsRoutes);
  await app.register(pushRoutes);
};
