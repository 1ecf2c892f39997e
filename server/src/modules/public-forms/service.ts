import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ItemStatus, MessagePlatform } from '@portal/contracts';
import { IDEMPOTENCY_KEY_TTL_MS, type IngestLead } from '@portal/contracts/ingest';
import {
  type PublicMessageScene,
  PublicFormsMessage,
  PUBLIC_FORM_ID_MAX,
  STRATEGY_SURVEY_TOKEN_PATTERN,
  SURVEY_QUESTIONS,
  type SurveyAnswers,
} from '@portal/contracts/endpoints';
import { investmentFeeLabel, type MessageForm, type PlanForm, type PlanReport, YesNo } from '@portal/contracts/public';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ServerEvents } from '../../realtime/events';
import { ingestLead } from '../ingest/service';
import { computePlanReport, MIN_SAMPLES, type ReportSample } from './report';

/** The most stored leads one report reads. */
export const REPORT_SAMPLE_LIMIT = 1000;

/** Where the forms of one request go: the sales account and the platform the form was sent from. */
export interface FormTarget {
  db: Kysely<Database>;
  events: ServerEvents;
  log: FastifyBaseLogger;
  /** AppConfig.publicLeadsAccount. */
  salesAccount: string;
  platform: (typeof MessagePlatform)[keyof typeof MessagePlatform];
}

const SCENE_SOURCES: Record<PublicMessageScene, string> = {
  message: '官网留言',
  contact: '联系我们',
  diagnosis: '项目诊断',
  partner: '分公司合作咨询',
};
const LOGGED_IN_MESSAGE_SOURCE = '登录后留言';
const SURVEY_SOURCE = '客户问卷';
const PLAN_SOURCE = '方案表单';

/**
 * The sales account and the project its forms arrive under (its first on-air project, by id);
 * absent or without one, a 400 '系统暂不接收留言，请稍后再试' and a warning in the log.
 */
async function salesTarget(target: FormTarget): Promise<{ customerId: number; itemId: number }> {
  const row = await target.db
    .selectFrom('customers')
    .innerJoin('items', 'items.customerId', 'customers.id')
    .select(['customers.id as customerId', 'items.id as itemId'])
    .where('customers.loginAccount', '=', target.salesAccount)
    .where('items.status', '=', ItemStatus.OnAir)
    .orderBy('items.id')
    .executeTakeFirst();
  if (!row) {
    target.log.warn(
      { account: target.salesAccount },
      'public form refused: the sales account (PUBLIC_LEADS_ACCOUNT) is missing or has no on-air project',
    );
    throw badRequest(PublicFormsMessage.NotAccepting);
  }
  return row;
}

async function storeAsLead(target: FormTarget, lead: Omit<IngestLead, 'itemId' | 'listKind' | 'resType' | 'platform'>): Promise<number> {
  const { customerId, itemId } = await salesTarget(target);
  return ingestLead(target.db, target.events, customerId, { ...lead, itemId, listKind: 'infoList', resType: 1, platform: target.platform });
}

const lines = (entries: Array<[string, string | number | null | undefined]>): string =>
  entries
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${label}：${value}`)
    .join('\n');

/** A leave-a-message, contact, diagnosis or branch-partner form (or the logged-in message form) as a form lead. */
export async function submitMessage(target: FormTarget, form: MessageForm, scene: PublicMessageScene | 'loggedIn'): Promise<number> {
  return storeAsLead(target, {
    name: form.name,
    mobile: form.telephone,
    other: form.enterpriseName ?? undefined,
    content: lines([
      ['企业名称', form.enterpriseName],
      ['留言', form.content],
    ]),
    source: scene === 'loggedIn' ? LOGGED_IN_MESSAGE_SOURCE : SCENE_SOURCES[scene],
    otherInfo: form.strategySurveyId === undefined ? undefined : `方案问卷编号：${form.strategySurveyId}`,
  });
}

const YES_NO_LABELS: Record<number, string> = { [YesNo.No]: '否', [YesNo.Yes]: '是' };

/** The questionnaire's answers as a lead stores them: [{question, answer}] in SURVEY_QUESTIONS order, the given ones. */
export function surveyQuestionnaire(survey: SurveyAnswers): Array<{ question: string; answer: string }> {
  return (Object.keys(SURVEY_QUESTIONS) as Array<keyof typeof SURVEY_QUESTIONS>).flatMap((field) => {
    const value = survey[field];
    if (value === undefined || value === null || value === '') return [];
    const answer = field === 'filiale' || field === 'onlineService' ? (YES_NO_LABELS[value as number] ?? String(value)) : String(value);
    return [{ question: SURVEY_QUESTIONS[field], answer }];
  });
}

/** A questionnaire as a form lead: contacts and mobile, its answers in the lead's questionnaire. */
export async function submitSurvey(target: FormTarget, survey: SurveyAnswers): Promise<number> {
  return storeAsLead(target, {
    name: survey.contacts,
    mobile: survey.mobile,
    qq: survey.qq && /^\d{5,12}$/.test(survey.qq) ? survey.qq : undefined,
    other: survey.itemName,
    source: SURVEY_SOURCE,
    questionnaire: surveyQuestionnaire(survey),
  });
}

/** The province a location starts with ('广东省 深圳市' -> '广东'), for a LIKE prefix; '' when none. */
export function provinceOf(location: string): string {
  const first = location.split(/[\s/,，、>-]+/).find(Boolean) ?? '';
  return first.replace(/(省|市|自治区|特别行政区|壮族自治区|回族自治区|维吾尔自治区)$/, '').replace(/[%_\\]/g, '');
}

/**
 * The stored leads a plan report reads: the latest REPORT_SAMPLE_LIMIT of the industry's projects
 * (items.industry) in the company's province, or of the whole industry when the province has fewer
 * than MIN_SAMPLES.
 */
export async function planReportSamples(db: Kysely<Database>, form: Pick<PlanForm, 'industry' | 'comAdress'>): Promise<ReportSample[]> {
  const ofIndustry = () =>
    db
      .selectFrom('leads')
      .innerJoin('items', 'items.id', 'leads.itemId')
      .select(['leads.province', 'leads.content', 'leads.questionnaire'])
      .where('items.industry', '=', form.industry)
      .orderBy('leads.id', 'desc')
      .limit(REPORT_SAMPLE_LIMIT);
  const province = provinceOf(form.comAdress);
  if (province) {
    const local = await ofIndustry().where('leads.province', 'like', `${province}%`).execute();
    if (local.length >= MIN_SAMPLES) return local;
  }
  return ofIndustry().execute();
}

export async function planReport(db: Kysely<Database>, form: PlanForm): Promise<PlanReport> {
  return computePlanReport(form, await planReportSamples(db, form));
}

/** The plan form's fields as the lead's content. */
const planContent = (form: PlanForm): string =>
  lines([
    ['品牌', form.brand],
    ['行业', form.industry],
    ['公司所在地', form.comAdress],
    ['是否有分公司', YES_NO_LABELS[form.hasBranch]],
    ['分公司所在地', form.hasBranch === YesNo.Yes ? form.sonCompanys.join('、') : ''],
    ['投资费用', investmentFeeLabel(form.money)],
    ['团队人数', form.people],
    ['竞争品牌', form.comBrand.join('、')],
  ]);

export const newSurveyToken = (): string => randomBytes(16).toString('hex');

/**
 * A plan form: its report, the strategy survey row (with its token) and the form lead (the brand as
 * the name, its telephone). `customerId`: the logged-in sender, null for a visitor.
 */
export async function submitPlan(
  target: FormTarget,
  form: PlanForm,
  customerId: number | null,
): Promise<{ id: number; token: string; report: PlanReport }> {
  const report = await planReport(target.db, form);
  const leadId = await storeAsLead(target, {
    name: form.brand,
    mobile: form.telephone,
    content: planContent(form),
    source: PLAN_SOURCE,
    otherInfo: `方案报告：建议预算 ${report.budget}；建议地区 ${report.region}`.slice(0, 500),
  });
  const token = newSurveyToken();
  const { id } = await target.db
    .insertInto('strategySurveys')
    .values({
      token,
      brand: form.brand,
      fields: JSON.stringify(form),
      report: JSON.stringify(report),
      customerId,
      leadId,
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token, report };
}

/** A stored strategy survey's report, only with its token; 404 otherwise (an unknown id alike). */
export async function readPlanReport(db: Kysely<Database>, id: number, token: string): Promise<{ id: number; brand: string; report: PlanReport }> {
  const row = await db.selectFrom('strategySurveys').select(['id', 'token', 'brand', 'report']).where('id', '=', id).executeTakeFirst();
  const given = Buffer.from(token);
  if (!row || !STRATEGY_SURVEY_TOKEN_PATTERN.test(token) || given.length !== row.token.length || !timingSafeEqual(given, Buffer.from(row.token))) {
    throw notFound(PublicFormsMessage.StrategySurveyNotFound);
  }
  return { id: row.id, brand: row.brand, report: JSON.parse(row.report) as PlanReport };
}

/** The answer of a honeypot hit: an id-looking number (nothing is stored). */
export const decoyId = (): number => randomInt(1000, Math.min(PUBLIC_FORM_ID_MAX, 2 ** 31 - 1));

/** The outcome of claiming an Idempotency-Key. */
export type IdempotencyClaim = { kind: 'claimed'; id: number } | { kind: 'replay'; answer: unknown };

/**
 * Claims (form, key) for a body (its hash): a new key is claimed (insert on the unique pair); a key
 * older than IDEMPOTENCY_KEY_TTL_MS is taken over; a key with the same body and an answer replays
 * it; another body, or a first post still being answered, is a 409.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  form: string,
  key: string,
  bodyHash: string,
  now = new Date(),
): Promise<IdempotencyClaim> {
  const createdAt = now.toISOString();
  const inserted = await db
    .insertInto('publicFormIdempotencyKeys')
    .values({ form, idempotencyKey: key, bodyHash, answer: null, createdAt })
    .onConflict((oc) => oc.columns(['form', 'idempotencyKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { kind: 'claimed', id: inserted.id };
  const stored = await db
    .selectFrom('publicFormIdempotencyKeys')
    .selectAll()
    .where('form', '=', form)
    .where('idempotencyKey', '=', key)
    .executeTakeFirst();
  if (!stored) throw conflict(PublicFormsMessage.IdempotencyConflict);
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  if (stored.createdAt < expiredBefore) {
    const taken = await db
      .updateTable('publicFormIdempotencyKeys')
      .set({ bodyHash, answer: null, createdAt })
      .where('id', '=', stored.id)
      .where('createdAt', '=', stored.createdAt)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed', id: stored.id };
    throw conflict(PublicFormsMessage.IdempotencyConflict);
  }
  if (stored.bodyHash !== bodyHash || stored.answer === null) throw conflict(PublicFormsMessage.IdempotencyConflict);
  return { kind: 'replay', answer: JSON.parse(stored.answer) as unknown };
}

export async function storeIdempotentAnswer(db: Kysely<Database>, claimId: number, answer: unknown): Promise<void> {
  await db
    .updateTable('publicFormIdempotencyKeys')
    .set({ answer: JSON.stringify(answer) })
    .where('id', '=', claimId)
    .execute();
}

/** Frees a claim whose post failed, so that the key may be sent again. */
export async function releaseIdempotencyKey(db: Kysely<Database>, claimId: number): Promise<void> {
  await db.deleteFrom('publicFormIdempotencyKeys').where('id', '=', claimId).where('answer', 'is', null).execute();
}

/** Forgets at most `limit` keys older than IDEMPOTENCY_KEY_TTL_MS (bounded work per post). */
export async function forgetExpiredKeys(db: Kysely<Database>, now = new Date(), limit = 100): Promise<void> {
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  const old = await db.selectFrom('publicFormIdempotencyKeys').select('id').where('createdAt', '<', expiredBefore).limit(limit).execute();
  if (old.length)
    await db
      .deleteFrom('publicFormIdempotencyKeys')
      .where(
        'id',
        'in',
        old.map((row) => row.id),
      )
      .where('createdAt', '<', expiredBefore)
      .execute();
}
