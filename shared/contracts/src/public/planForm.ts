import { z } from 'zod';
import { MustChoose } from '../common/messages';
import { phoneSchema } from '../common/phone';
import { hasNoNul, maxLengthMessage } from '../leads/schemas';
import { PublicFormMessage, requiredCode, requiredNumberText, requiredText, unlessFieldsFail, YES_NO_CODES, YesNo } from './fields';
import { INVESTMENT_FEE_CODES, type PlanReportPercentKey } from './site';

export const PLAN_BRAND_MAX = 50;
export const PLAN_PEOPLE_MAX_LENGTH = 10;
/** The spec gives no bound for these; they keep a body finite. */
export const PLAN_TEXT_MAX = 50;
export const PLAN_LOCATION_MAX = 100;
/** The most branch locations, and the most competitor brands, one plan form carries. */
export const PLAN_LIST_MAX = 20;

/** Texts of the plan form (strategy survey) (spec 000 section 5; the spec gives no text for the locations, the fee and a blank team size). */
export const PlanFormMessage = {
  BrandRequired: '请填写品牌名称',
  IndustryRequired: MustChoose,
  LocationRequired: '请选择公司所在地',
  HasBranchRequired: MustChoose,
  BranchLocationRequired: '请选择分公司所在地',
  TooManyBranches: `最多填写${PLAN_LIST_MAX}个分公司所在地`,
  MoneyRequired: '请选择投资费用',
  PeopleRequired: '请输入团队人数',
  PeopleInvalid: '数值必须是大于0的数字',
  CompetitorRequired: '请填写竞争品牌',
  TooManyCompetitors: `最多填写${PLAN_LIST_MAX}个竞争品牌`,
} as const;

const textList = <T extends z.ZodType<unknown, string>>(item: T, tooMany: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: PublicFormMessage.TextInvalid })
    .transform((value) => (typeof value === 'string' ? [value] : value))
    .pipe(z.array(item).max(PLAN_LIST_MAX, { error: tooMany }))
    .default([]);

const branchLocation = z
  .string()
  .trim()
  .max(PLAN_LOCATION_MAX, { error: maxLengthMessage(PLAN_LOCATION_MAX) })
  .refine(hasNoNul, { error: PublicFormMessage.TextInvalid });

/**
 * The free advertising-plan dialog and the strategy-survey page (spec 000 sections 3 and 5):
 * brand (1-50 characters), industry, company location (comAdress, the spec's spelling), whether
 * there are branches (hasBranch: 0 no, 1 yes; the spec names no field) with each branch location
 * (sonCompanys) required when yes and ignored when no, the investment fee (money, a code of
 * INVESTMENT_FEE_OPTIONS), team size (people: 1-10 characters, a number above 0; whole numbers
 * are not required by the spec), the competitor brands (comBrand, each one filled) and the
 * telephone (the phone rule; the spec names no field). Industry and the locations are texts
 * (a page joins a cascader's path into one text). Codes and the team size take a JSON number or
 * its text and come out as numbers. Give the sonCompanys items `dependencies={['hasBranch']}`.
 */
export const planFormSchema = z
  .object({
    brand: requiredText(PlanFormMessage.BrandRequired, PLAN_BRAND_MAX),
    industry: requiredText(PlanFormMessage.IndustryRequired, PLAN_TEXT_MAX),
    comAdress: requiredText(PlanFormMessage.LocationRequired, PLAN_LOCATION_MAX),
    hasBranch: requiredCode(YES_NO_CODES, PlanFormMessage.HasBranchRequired),
    sonCompanys: textList(branchLocation, PlanFormMessage.TooManyBranches),
    money: requiredCode(INVESTMENT_FEE_CODES, PlanFormMessage.MoneyRequired),
    people: requiredNumberText(PlanFormMessage.PeopleRequired, {
      maxLength: PLAN_PEOPLE_MAX_LENGTH,
      notANumber: PlanFormMessage.PeopleInvalid,
      accept: (value) => value > 0,
      outOfRange: PlanFormMessage.PeopleInvalid,
    }),
    comBrand: textList(requiredText(PlanFormMessage.CompetitorRequired, PLAN_TEXT_MAX), PlanFormMessage.TooManyCompetitors),
    telephone: phoneSchema,
  })
  .superRefine(
    ({ hasBranch, sonCompanys }, ctx) => {
      if (hasBranch !== YesNo.Yes) return;
      if (sonCompanys.length === 0) ctx.addIssue({ code: 'custom', path: ['sonCompanys'], message: PlanFormMessage.BranchLocationRequired });
      sonCompanys.forEach((location, index) => {
        if (location === '') ctx.addIssue({ code: 'custom', path: ['sonCompanys', index], message: PlanFormMessage.BranchLocationRequired });
      });
    },
    { when: unlessFieldsFail('hasBranch', 'sonCompanys') },
  );
/** What a page or a form post sends. */
export type PlanFormInput = z.input<typeof planFormSchema>;
/** A checked plan form: numbers for the codes and the team size, trimmed texts. */
export type PlanForm = z.output<typeof planFormSchema>;

const percentage = z.number().min(0).max(100);

/**
 * The plan's report (spec 000 section 3): the suggested budget and region as texts, and the
 * audience in percent (0-100) by gender (male, female), age (age0..age4, AGE_BUCKETS) and
 * education (education0..education2, EDUCATION_BUCKETS).
 */
export const planReportSchema = z.object({
  budget: z.string(),
  region: z.string(),
  percent: z.object({
    male: percentage,
    female: percentage,
    age0: percentage,
    age1: percentage,
    age2: percentage,
    age3: percentage,
    age4: percentage,
    education0: percentage,
    education1: percentage,
    education2: percentage,
  }),
});
export type PlanReport = z.infer<typeof planReportSchema>;
// site.ts spells the report's percent keys without zod (PlanReportPercentKey): they must be these.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const percentKeysAgree: SameKeys<PlanReportPercentKey, keyof PlanReport['percent']> = true;
void percentKeysAgree;
