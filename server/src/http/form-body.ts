import { CommonMessage } from '@portal/contracts';
import { FORM_URLENCODED } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** The most fields a form-encoded body may carry (the CRM account form has 15). */
const FORM_FIELDS_MAX = 40;

/**
 * Parses form-encoded bodies (the spec's form-encoded calls) in the plugin `app`, for its routes
 * only, into an object of strings (a repeated key keeps its last value) that the zod schemas check.
 */
export function acceptFormBodies(app: FastifyInstance): void {
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
}
