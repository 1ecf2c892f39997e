import {
  AGE_BUCKETS,
  EDUCATION_BUCKETS,
  GENDER_BUCKETS,
  investmentFeeLabel,
  type PlanForm,
  type PlanReport,
  type PlanReportBucket,
} from '@portal/contracts/public';
import { SURVEY_QUESTIONS } from '@portal/contracts/endpoints';

/**
 * The plan form's report (docs/public-site.md, "Forms and leads"), computed from stored leads of
 * the chosen industry (and region, when enough of them are there), never invented:
 *
 * - gender: each lead's `content.sex` ('男'/'女') counts one sample; a questionnaire's
 *   '客户性别比例' answer ('男60% 女40%', '男6女4') counts one sample split by its figures;
 * - age: a questionnaire's '客户年龄段' answer ('25-35岁', '30岁以上') counts one sample in the
 *   bucket of its middle age;
 * - education: no stored data carries it, so it is the prior alone;
 * - each distribution is smoothed toward a fixed prior with PRIOR_WEIGHT pseudo-samples:
 *   percent = (samples + PRIOR_WEIGHT * prior) / (n + PRIOR_WEIGHT). With no sample it is the
 *   prior; with a few it leans on the prior; with many the data decide. Rounded to whole percents
 *   summing to 100 (largest remainders);
 * - budget: the most frequent `content.budget` of the samples when at least MIN_SAMPLES carry
 *   one, else the form's own investment fee (INVESTMENT_FEE_OPTIONS label);
 * - region: the three provinces with most samples when at least MIN_SAMPLES carry one, else the
 *   company's location and its branch locations.
 */

/** Fewer samples than this: the budget and the region fall back to the form's own answers. */
export const MIN_SAMPLES = 10;
/** The weight (in samples) of the prior in each distribution. */
export const PRIOR_WEIGHT = 10;

/** The priors, in percent, in the order of the buckets. */
export const GENDER_PRIOR = [50, 50] as const;
export const AGE_PRIOR = [8, 32, 32, 18, 10] as const;
export const EDUCATION_PRIOR = [35, 35, 30] as const;

/** What report reads of one stored lead. */
export interface ReportSample {
  province: string | null;
  /** The lead's content: JSON text (a chat lead: sex, budget) or free text. */
  content: string | null;
  /** The lead's questionnaire JSON ([{question, answer}]), or null. */
  questionnaire: string | null;
}

const parseJson = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const fieldOf = (value: unknown, name: string): string | undefined => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const field = (value as Record<string, unknown>)[name];
  return typeof field === 'string' ? field.trim() : undefined;
};

const answerOf = (questionnaire: unknown, question: string): string | undefined => {
  if (!Array.isArray(questionnaire)) return undefined;
  for (const entry of questionnaire) if (fieldOf(entry, 'question') === question) return fieldOf(entry, 'answer');
  return undefined;
};

/** A gender-ratio answer as [male, female] shares summing to 1, or null when it names no figure. */
export function genderShares(answer: string): [number, number] | null {
  const male = /男\D{0,3}(\d{1,3}(?:\.\d+)?)/.exec(answer);
  const female = /女\D{0,3}(\d{1,3}(?:\.\d+)?)/.exec(answer);
  const m = male ? Number(male[1]) : undefined;
  const f = female ? Number(female[1]) : undefined;
  if (m !== undefined && f !== undefined) return m + f > 0 ? [m / (m + f), f / (m + f)] : null;
  if (m !== undefined && m <= 100) return [m / 100, 1 - m / 100];
  if (f !== undefined && f <= 100) return [1 - f / 100, f / 100];
  return null;
}

/** An age-segment answer's bucket index (AGE_BUCKETS), by the middle of its range; null when it names no age. */
export function ageBucket(answer: string): number | null {
  const ages = (answer.match(/\d{1,3}/g) ?? []).map(Number).filter((age) => age > 0 && age < 120);
  if (ages.length === 0) return null;
  const middle = ages.length === 1 ? ages[0]! : (ages[0]! + ages[1]!) / 2;
  if (middle < 20) return 0;
  if (middle < 30) return 1;
  if (middle < 40) return 2;
  if (middle < 50) return 3;
  return 4;
}

/** Whole percents summing to 100 of `weights` (largest remainders; ties to the earlier bucket). */
export function wholePercents(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (weight * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors;
}

/** The smoothed distribution: counts per bucket and the prior (percents), PRIOR_WEIGHT pseudo-samples of it. */
export function smoothed(counts: readonly number[], prior: readonly number[]): number[] {
  return wholePercents(counts.map((count, index) => count + (PRIOR_WEIGHT * prior[index]!) / 100));
}

const mostFrequent = (values: readonly string[]): { value: string; count: number } | null => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: { value: string; count: number } | null = null;
  for (const [value, count] of counts) if (!best || count > best.count) best = { value, count };
  return best;
};

const assign = (buckets: readonly PlanReportBucket[], percents: readonly number[]) =>
  Object.fromEntries(buckets.map((bucket, index) => [bucket.key, percents[index]!]));

/** The report of `form` from `samples` (the stored leads chosen for it; see planReportSamples in service.ts). */
export function computePlanReport(form: Pick<PlanForm, 'money' | 'comAdress' | 'sonCompanys'>, samples: readonly ReportSample[]): PlanReport {
  const gender = [0, 0];
  const age = [0, 0, 0, 0, 0];
  const budgets: string[] = [];
  const provinces: string[] = [];
  for (const sample of samples) {
    const content = parseJson(sample.content);
    const questionnaire = parseJson(sample.questionnaire);
    const sex = fieldOf(content, 'sex');
    if (sex === '男') gender[0]! += 1;
    else if (sex === '女') gender[1]! += 1;
    const ratio = answerOf(questionnaire, SURVEY_QUESTIONS.genderRation);
    const shares = ratio ? genderShares(ratio) : null;
    if (shares) {
      gender[0]! += shares[0];
      gender[1]! += shares[1];
    }
    const segment = answerOf(questionnaire, SURVEY_QUESTIONS.ageSegment);
    const bucket = segment ? ageBucket(segment) : null;
    if (bucket !== null) age[bucket]! += 1;
    const budget = fieldOf(content, 'budget');
    if (budget) budgets.push(budget);
    if (sample.province) provinces.push(sample.province);
  }

  const topBudget = budgets.length >= MIN_SAMPLES ? mostFrequent(budgets) : null;
  const ownRegion = [form.comAdress, ...form.sonCompanys.filter(Boolean)].join('、');
  let region = ownRegion;
  if (provinces.length >= MIN_SAMPLES) {
    const counts = new Map<string, number>();
    for (const province of provinces) counts.set(province, (counts.get(province) ?? 0) + 1);
    region = [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 3)
      .map(([province]) => province)
      .join('、');
  }
  return {
    budget: topBudget ? topBudget.value : investmentFeeLabel(form.money),
    region: region.slice(0, 200),
    percent: {
      ...assign(GENDER_BUCKETS, smoothed(gender, GENDER_PRIOR)),
      ...assign(AGE_BUCKETS, smoothed(age, AGE_PRIOR)),
      ...assign(EDUCATION_BUCKETS, wholePercents(EDUCATION_PRIOR)),
    } as PlanReport['percent'],
  };
}
