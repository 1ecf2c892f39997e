import { z } from 'zod';
import { idParam, MAX_ID } from '../common/query';
import { IDEMPOTENCY_KEY_PATTERN, IngestMessage } from '../leads/ingest';
import { MessageFormKind, MessageFormMessage, messageFormSchema } from '../public/messageForm';
import { planFormSchema, planReportSchema } from '../public/planForm';
import { SURVEY_DAILY_RESOURCE_MAX_LENGTH, SURVEY_INVESTMENT_MAX_LENGTH, SurveyMessage, surveySchema } from '../public/survey';
import { optionalNumberText, unlessFieldsFail } from '../public/fields';
import { Required } from '../common/messages';
import { FORM_URLENCODED } from './crm';
import { endpoint } from './define';

const tag = 'public-forms';
/** A page posts JSON; a plain HTML form (no JavaScript) posts form-urlencoded and is answered 303 to /form-result. */
const jsonOrForm = ['application/json', FORM_URLENCODED] as const;

/** Texts of the visitor forms' server side (the spec gives none for these cases). */
export const PublicFormsMessage = {
  /** 429: a client address or a phone past its limit. */
  TooFrequent: '提交过于频繁，请稍后再试',
  /** 400: the platform's own sales account (where the forms go) is missing. */
  NotAccepting: '系统暂不接收留言，请稍后再试',
  SceneInvalid: '留言类型不正确',
  StrategySurveyNotFound: '方案报告不存在或链接已失效',
  TokenInvalid: '方案报告不存在或链接已失效',
  IdempotencyConflict: IngestMessage.IdempotencyConflict,
} as const;

/**
 * The visitor forms' scenes (all type 4 platform 1): 'message' the quick message (content
 * required, '请填写留言！'), 'contact' the contact form and the default when absent, 'diagnosis'
 * the project diagnosis (both: enterpriseName required, content optional), 'partner' the
 * branch-partner consultation (no enterpriseName).
 */
export const PUBLIC_MESSAGE_SCENES = ['message', 'contact', 'diagnosis', 'partner'] as const;
export type PublicMessageScene = (typeof PUBLIC_MESSAGE_SCENES)[number];
/** The `form` query value of /form-result after a plain HTML form post, by form. */
export const PUBLIC_FORM_RESULT_FORMS = [...PUBLIC_MESSAGE_SCENES, 'survey', 'plan'] as const;
export type PublicFormResultForm = (typeof PUBLIC_FORM_RESULT_FORMS)[number];
/** Where a plain HTML form post is redirected (303): `?form=<form>&ok=1` or `?form=<form>&error=<message>`; the plan adds `&id=&token=`. */
export { FORM_RESULT_PATH } from '../public/site';

/**
 * The honeypot: a field hidden from people (a page renders it off screen and leaves it empty).
 * A filled one is answered as a success, but nothing is stored.
 */
const honeypot = { website: z.string().max(500).nullish() };

/** Idempotency-Key, optional: the same key with the same body answers the first result (one lead); another body 409. */
export const publicFormHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string({ error: IngestMessage.IdempotencyKeyInvalid })
    .regex(IDEMPOTENCY_KEY_PATTERN, { error: IngestMessage.IdempotencyKeyInvalid })
    .optional()
    .describe('可选, 1-100 个可见 ASCII 字符. 24 小时内同一键与同一请求体再次提交: 返回第一次的结果, 不再新建线索; 同一键而请求体不同: 409'),
});

/**
 * The visitor's leave-a-message body: the fields of messageFormSchema (the branch-partner mode as
 * the base, every mode's rule then checked by scene: enterpriseName required unless 'partner',
 * content required in 'message'), the scene, the honeypot; type 4 and platform 1 only
 * (MessageFormKind.VisitorMessage), other codes answered with the schema's messages.
 */
export const publicMessageBodySchema = messageFormSchema({ branchPartner: true })
  .extend({
    scene: z.enum(PUBLIC_MESSAGE_SCENES, { error: PublicFormsMessage.SceneInvalid }).optional(),
    ...honeypot,
  })
  .superRefine(
    ({ scene = 'contact', enterpriseName, content, type, platform }, ctx) => {
      if (scene !== 'partner' && !enterpriseName) ctx.addIssue({ code: 'custom', path: ['enterpriseName'], message: Required });
      if (scene === 'message' && !content) ctx.addIssue({ code: 'custom', path: ['content'], message: MessageFormMessage.ContentRequired });
      if (type !== MessageFormKind.VisitorMessage.type) ctx.addIssue({ code: 'custom', path: ['type'], message: MessageFormMessage.TypeInvalid });
      if (platform !== MessageFormKind.VisitorMessage.platform) {
        ctx.addIssue({ code: 'custom', path: ['platform'], message: MessageFormMessage.PlatformInvalid });
      }
    },
    { when: unlessFieldsFail('name', 'enterpriseName', 'telephone', 'content', 'type', 'platform', 'strategySurveyId', 'scene', 'website') },
  );
export type PublicMessageBody = z.output<typeof publicMessageBodySchema>;

/** The logged-in customer's message form: messageFormSchema() (enterpriseName required, content optional), type 6 platform 2 only. */
export const loggedInMessageBodySchema = messageFormSchema().superRefine(
  ({ type, platform }, ctx) => {
    if (type !== MessageFormKind.LoggedInMessage.type) ctx.addIssue({ code: 'custom', path: ['type'], message: MessageFormMessage.TypeInvalid });
    if (platform !== MessageFormKind.LoggedInMessage.platform) {
      ctx.addIssue({ code: 'custom', path: ['platform'], message: MessageFormMessage.PlatformInvalid });
    }
  },
  { when: unlessFieldsFail('name', 'enterpriseName', 'telephone', 'content', 'type', 'platform', 'strategySurveyId') },
);

/** The visitor's questionnaire: surveySchema and the honeypot. */
export const publicSurveyBodySchema = surveySchema.safeExtend(honeypot);
/**
 * The logged-in questionnaire: the fields of surveySchema, but its five figures (dailyMinResource,
 * the rates, the investments) only checked as numbers of their lengths; whether the survey is
 * accepted is loggedInSurveyAccepted's (spec 000 section 5: else 400 '新增失败').
 */
const anyFigure = (maxLength?: number) =>
  optionalNumberText({ maxLength, notANumber: SurveyMessage.NotADigit, accept: Number.isFinite, outOfRange: SurveyMessage.NotADigit });
export const loggedInSurveyBodySchema = z.object({
  ...surveySchema.shape,
  dailyMinResource: anyFigure(SURVEY_DAILY_RESOURCE_MAX_LENGTH),
  visitingRate: anyFigure(10),
  closeRate: anyFigure(10),
  minInvestment: anyFigure(SURVEY_INVESTMENT_MAX_LENGTH),
  maxInvestment: anyFigure(SURVEY_INVESTMENT_MAX_LENGTH),
});
/** A questionnaire as the server stores it: the visitor's (surveySchema) or the logged-in one's. */
export type SurveyAnswers = z.output<typeof loggedInSurveyBodySchema>;

export { SURVEY_QUESTIONS } from '../public/site';

/** The visitor's plan form: planFormSchema and the honeypot. */
export const publicPlanBodySchema = planFormSchema.safeExtend(honeypot);

export const publicFormCreatedSchema = z.object({ id: z.number().int() });
/** The unguessable token of a strategy survey: 32 lower-case hex characters. */
export const STRATEGY_SURVEY_TOKEN_PATTERN = /^[0-9a-f]{32}$/;
export const strategySurveyCreatedSchema = z.object({ id: z.number().int(), token: z.string(), report: planReportSchema });
export const strategySurveyReportSchema = z.object({ id: z.number().int(), brand: z.string(), report: planReportSchema });
export const strategySurveyParamsSchema = z.object({ id: idParam(PublicFormsMessage.StrategySurveyNotFound) });
export const strategySurveyQuerySchema = z.object({
  token: z.string({ error: PublicFormsMessage.TokenInvalid }).regex(STRATEGY_SURVEY_TOKEN_PATTERN, { error: PublicFormsMessage.TokenInvalid }),
});
/** An id never above MAX_ID (the honeypot's made-up id stays in range too). */
export const PUBLIC_FORM_ID_MAX = MAX_ID;

const formPostNote = '; 表单提交 (application/x-www-form-urlencoded) 的回答为 303 跳转至 /form-result?form=<表单>&ok=1 或 &error=<提示>';

/**
 * The visitor site's forms (no session) and their logged-in equivalents. Each accepted form
 * becomes a lead of the platform's own sales account (the server's publicLeadsAccount): visitor
 * forms platform 1 (the form list), logged-in forms platform 2. Public posts are limited per client
 * address and per phone (429 with Retry-After), take a honeypot `website` (filled: answered as a
 * success, nothing stored) and an optional Idempotency-Key.
 */
export const publicFormEndpoints = {
  message: endpoint({
    method: 'POST',
    path: '/public/messages',
    auth: 'public',
    tag,
    summary: `留言 / 联系我们 / 项目诊断 / 分公司合作咨询 (scene: message 快速留言须填留言内容, contact 默认, diagnosis, partner 无企业名称; type 4 platform 1)${formPostNote}`,
    body: publicMessageBodySchema,
    headers: publicFormHeadersSchema,
    consumes: jsonOrForm,
    answer: 'json',
    response: publicFormCreatedSchema,
    status: 201,
    errors: [409, 413, 429],
  }),
  survey: endpoint({
    method: 'POST',
    path: '/public/surveys',
    auth: 'public',
    tag,
    summary: `客户问卷${formPostNote} (form=survey)`,
    body: publicSurveyBodySchema,
    headers: publicFormHeadersSchema,
    consumes: jsonOrForm,
    answer: 'json',
    response: publicFormCreatedSchema,
    status: 201,
    errors: [409, 413, 429],
  }),
  strategySurvey: endpoint({
    method: 'POST',
    path: '/public/strategy-surveys',
    auth: 'public',
    tag,
    summary: `方案表单 (策略问卷): 回答编号、查看令牌与方案报告${formPostNote} (form=plan, 成功时另带 &id=<编号>&token=<令牌>)`,
    body: publicPlanBodySchema,
    headers: publicFormHeadersSchema,
    consumes: jsonOrForm,
    answer: 'json',
    response: strategySurveyCreatedSchema,
    status: 201,
    errors: [409, 413, 429],
  }),
  strategySurveyReport: endpoint({
    method: 'GET',
    path: '/public/strategy-surveys/{id}',
    auth: 'public',
    tag,
    summary: '方案报告 (须带提交时得到的 token; 否则 404)',
    params: strategySurveyParamsSchema,
    query: strategySurveyQuerySchema,
    answer: 'json',
    response: strategySurveyReportSchema,
    errors: [404],
  }),
  customerMessage: endpoint({
    method: 'POST',
    path: '/customer/message/forms',
    tag,
    summary: '登录后的留言表单 (type 6 platform 2)',
    body: loggedInMessageBodySchema,
    answer: 'json',
    response: publicFormCreatedSchema,
    status: 201,
    errors: [413],
  }),
  customerSurvey: endpoint({
    method: 'POST',
    path: '/customer/surveys',
    tag,
    summary: '登录后的客户问卷 (不满足条件时 400 新增失败)',
    body: loggedInSurveyBodySchema,
    answer: 'json',
    response: publicFormCreatedSchema,
    status: 201,
    errors: [413],
  }),
  customerStrategySurvey: endpoint({
    method: 'POST',
    path: '/customer/strategy-surveys',
    tag,
    summary: '登录后的方案表单: 回答编号、查看令牌与方案报告',
    body: planFormSchema,
    answer: 'json',
    response: strategySurveyCreatedSchema,
    status: 201,
    errors: [413],
  }),
};
