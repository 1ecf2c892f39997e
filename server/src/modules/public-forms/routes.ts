import { createHash } from 'node:crypto';
import { CommonMessage, MessagePlatform } from '@portal/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@portal/contracts/ingest';
import {
  FORM_RESULT_PATH,
  FORM_URLENCODED,
  PUBLIC_MESSAGE_SCENES,
  type PublicFormResultForm,
  PublicFormsMessage,
  publicFormEndpoints,
} from '@portal/contracts/endpoints';
import { SurveyMessage, loggedInSurveyAccepted } from '@portal/contracts/public';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { PublicFormLimits } from '../../config';
import { badRequest, tooManyRequests } from '../../http/errors';
import { route } from '../../http/route';
import { clientNetwork } from '../auth/guard';
import { currentCustomerId } from '../../plugins/auth';
import { toErrorResponse } from '../../plugins/errors';
import { type RateLimiter } from '../../plugins/rate-limit';
import * as forms from './service';
import { computePlanReport } from './report';

/** Posts per client address (an IPv6 /64) per window, and per phone and form kind per window; see docs/public-site.md. */
export const DEFAULT_PUBLIC_FORM_LIMITS: PublicFormLimits = {
  perAddress: 10,
  addressWindowMs: 10 * 60_000,
  perPhone: 3,
  phoneWindowMs: 24 * 60 * 60_000,
};

/** Body limits: a message form is small; a plan form has up to 20 branches and competitors; a questionnaire has 29 fields. */
const MESSAGE_BODY_LIMIT = 8 * 1024;
const PLAN_BODY_LIMIT = 16 * 1024;
const SURVEY_BODY_LIMIT = 32 * 1024;
/** The most fields a form-encoded post may carry (a plan form: 9 fields, 20 branches, 20 competitors). */
const FORM_FIELDS_MAX = 60;
const IDEMPOTENCY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

export interface PublicFormRoutesOptions {
  /** AppConfig.publicLeadsAccount. */
  salesAccount: string;
  limits?: Partial<PublicFormLimits>;
}

type FormKind = 'message' | 'survey' | 'plan';

const isFormPost = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === FORM_URLENCODED;

/** The /form-result address of a plain HTML form post. */
const resultUrl = (form: PublicFormResultForm, params: Record<string, string | number>): string =>
  `${FORM_RESULT_PATH}?${new URLSearchParams({ form, ...Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])) }).toString()}`;

/** Which /form-result `form` a request is: the message form's scene when it names one, else the route's form. */
function resultFormOf(request: FastifyRequest): PublicFormResultForm {
  const kind = (request.routeOptions.config as { publicForm?: FormKind } | undefined)?.publicForm;
  if (kind === 'survey' || kind === 'plan') return kind;
  const scene = (request.body as Record<string, unknown> | undefined)?.scene;
  return PUBLIC_MESSAGE_SCENES.find((value: string) => value === scene) ?? 'contact';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The visitor form of a public form route (its /form-result name and its per-phone count). */
    publicForm?: 'message' | 'survey' | 'plan';
  }
}

/**
 * The visitor site's forms and their logged-in equivalents (@portal/contracts publicFormEndpoints).
 * Each accepted form becomes a form lead of the sales account (AppConfig.publicLeadsAccount) through
 * the ingestion pipeline. The public posts: counted per client address (onRequest, refusals
 * included) and per phone and form (once valid), a filled honeypot `website` answered as a success
 * with nothing stored, an optional Idempotency-Key; a plain HTML form post (form-urlencoded) is
 * answered 303 to /form-result, its refusals included.
 */
export const publicFormRoutes: FastifyPluginAsync<PublicFormRoutesOptions> = async (app, { salesAccount, limits: given }) => {
  const limits = { ...DEFAULT_PUBLIC_FORM_LIMITS, ...given };

  // Form posts: an object of strings, a repeated name (the plan form's branch and competitor inputs) an array.
  app.addContentTypeParser(FORM_URLENCODED, { parseAs: 'string' }, (_request, body, done) => {
    const form: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
    let count = 0;
    for (const [key, value] of new URLSearchParams(body as string)) {
      count += 1;
      if (count > FORM_FIELDS_MAX) return done(badRequest(CommonMessage.BadRequest), undefined);
      const before = form[key];
      form[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    done(null, form);
  });

  // A form post's refusal is a 303 to /form-result with the message; every other answer as elsewhere.
  app.setErrorHandler(async (error, request, reply) => {
    const { statusCode, body } = toErrorResponse(error);
    if (!isFormPost(request) || statusCode >= 500 || statusCode === 413 || request.method !== 'POST') throw error;
    const retryAfter = (error as { headers?: Record<string, string> }).headers?.['retry-after'];
    if (retryAfter) reply.header('retry-after', retryAfter);
    return reply
      .code(303)
      .header('location', resultUrl(resultFormOf(request), { error: body.message }))
      .send();
  });

  const refuse = async (limiter: RateLimiter, request: FastifyRequest): Promise<void> => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(PublicFormsMessage.TooFrequent, result.ttl);
  };
  const perAddress = app.createRateLimit({
    max: limits.perAddress,
    timeWindow: limits.addressWindowMs,
    keyGenerator: (request) => `public-forms-address-${clientNetwork(request.ip)}`,
  });
  const addressCount: onRequestHookHandler = async (request) => refuse(perAddress, request);
  const perPhone = app.createRateLimit({
    max: limits.perPhone,
    timeWindow: limits.phoneWindowMs,
    keyGenerator: (request) => {
      const body = request.body as { telephone?: string; mobile?: string };
      const phone = body.telephone ?? body.mobile ?? '';
      const kind = request.routeOptions.config?.publicForm ?? 'message';
      return `public-forms-phone-${kind}-${createHash('sha256').update(phone).digest('hex').slice(0, 32)}`;
    },
  });

  const target = (request: FastifyRequest, platform: forms.FormTarget['platform']): forms.FormTarget => ({
    db: app.db,
    events: app.events,
    log: request.log,
    salesAccount,
    platform,
  });

  /**
   * A public post: the honeypot (`decoy` answers as a success, nothing stored), then the
   * Idempotency-Key (a replay answers the first answer), the per-phone count, the work; a form post
   * gets its 303 (`redirect` of the answer).
   */
  async function publicPost<A>(
    request: FastifyRequest,
    reply: FastifyReply,
    honeypot: unknown,
    decoy: () => A,
    work: () => Promise<A>,
    redirect: (answer: A) => Record<string, string | number>,
  ): Promise<A> {
    const answer = await (async () => {
      if (typeof honeypot === 'string' && honeypot.trim() !== '') return decoy();
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string') {
        await refuse(perPhone, request);
        return work();
      }
      await forms.forgetExpiredKeys(app.db).catch((error: unknown) => request.log.warn({ err: error }, 'forgetting expired Idempotency-Keys failed'));
      const form = request.routeOptions.config?.publicForm ?? 'message';
      const bodyHash = createHash('sha256').update(JSON.stringify(request.body)).digest('hex');
      const claim = await forms.claimIdempotencyKey(app.db, form, key, bodyHash);
      if (claim.kind === 'replay') {
        reply.header('idempotent-replayed', 'true');
        return claim.answer as A;
      }
      try {
        await refuse(perPhone, request);
        const made = await work();
        await forms.storeIdempotentAnswer(app.db, claim.id, made);
        return made;
      } catch (error) {
        await forms.releaseIdempotencyKey(app.db, claim.id).catch(() => undefined);
        throw error;
      }
    })();
    if (isFormPost(request)) {
      reply.code(303).header('location', resultUrl(resultFormOf(request), { ok: 1, ...redirect(answer) }));
      return reply.send() as never;
    }
    return answer;
  }

  // The requested-with guard stays: a browser's plain HTML form post from the site itself carries
  // Sec-Fetch-Site: same-origin, which the guard accepts instead of X-Requested-With.
  const publicOptions = (form: FormKind, bodyLimit: number) => ({
    config: { publicForm: form },
    bodyLimit,
    onRequest: addressCount,
  });

  route(
    app,
    publicFormEndpoints.message,
    async (request, reply) => {
      const { scene = 'contact', website, ...form } = request.body;
      return publicPost(
        request,
        reply,
        website,
        () => ({ id: forms.decoyId() }),
        async () => ({ id: await forms.submitMessage(target(request, MessagePlatform.Public), form, scene) }),
        () => ({}),
      );
    },
    publicOptions('message', MESSAGE_BODY_LIMIT),
  );

  route(
    app,
    publicFormEndpoints.survey,
    async (request, reply) => {
      const { website, ...survey } = request.body;
      return publicPost(
        request,
        reply,
        website,
        () => ({ id: forms.decoyId() }),
        async () => ({ id: await forms.submitSurvey(target(request, MessagePlatform.Public), survey) }),
        () => ({}),
      );
    },
    publicOptions('survey', SURVEY_BODY_LIMIT),
  );

  route(
    app,
    publicFormEndpoints.strategySurvey,
    async (request, reply) => {
      const { website, ...plan } = request.body;
      return publicPost(
        request,
        reply,
        website,
        () => ({ id: forms.decoyId(), token: forms.newSurveyToken(), report: computePlanReport(plan, []) }),
        () => forms.submitPlan(target(request, MessagePlatform.Public), plan, null),
        ({ id, token }) => ({ id, token }),
      );
    },
    publicOptions('plan', PLAN_BODY_LIMIT),
  );

  route(app, publicFormEndpoints.strategySurveyReport, async (request) => forms.readPlanReport(app.db, request.params.id, request.query.token));

  route(
    app,
    publicFormEndpoints.customerMessage,
    async (request) => ({ id: await forms.submitMessage(target(request, MessagePlatform.LoggedIn), request.body, 'loggedIn') }),
    { bodyLimit: MESSAGE_BODY_LIMIT },
  );

  route(
    app,
    publicFormEndpoints.customerSurvey,
    async (request) => {
      if (!loggedInSurveyAccepted(request.body)) throw badRequest(SurveyMessage.AddFailed);
      return { id: await forms.submitSurvey(target(request, MessagePlatform.LoggedIn), request.body) };
    },
    { bodyLimit: SURVEY_BODY_LIMIT },
  );

  route(
    app,
    publicFormEndpoints.customerStrategySurvey,
    async (request) => forms.submitPlan(target(request, MessagePlatform.LoggedIn), request.body, currentCustomerId(request)),
    { bodyLimit: PLAN_BODY_LIMIT },
  );
};
