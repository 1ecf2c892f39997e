import { z } from 'zod';
import { MustChoose, MustFill } from '../common/messages';
import { phoneSchema } from '../common/phone';
import { PlatformMessage } from '../platform/schemas';
import {
  DECIMAL_TEXT,
  optionalCode,
  optionalId,
  optionalNumberText,
  optionalText,
  requiredCode,
  requiredNumberText,
  requiredText,
  unlessFieldsFail,
  YES_NO_CODES,
} from './fields';

/** Texts of the customer survey (questionnaire) (spec 000 section 5). */
export const SurveyMessage = {
  Required: MustFill,
  NotADigit: '请输入数字',
  AboveZero: '数值必须大于0',
  RateRange: '数值必须大于0小于100',
  MaxBelowMin: '最高金额不能低于最低金额，请重新输入',
  /** The server's answer to a logged-in submission that loggedInSurveyAccepted refuses. */
  AddFailed: '新增失败',
  FlagInvalid: MustChoose,
} as const;

/** The spec's length bounds: cooperantShop and teamPeople 1-5, dailyMinResource 1-8, the investments 1-12 characters. */
export const SURVEY_COUNT_MAX_LENGTH = 5;
export const SURVEY_DAILY_RESOURCE_MAX_LENGTH = 8;
export const SURVEY_INVESTMENT_MAX_LENGTH = 12;

const aboveZero = (value: number) => value > 0;
/** The form's rate rule: strictly between 0 and 100, so 0 and 100 are refused and 0.5 or 99.5 accepted. */
const rateInRange = (value: number) => value > 0 && value < 100;

const count = optionalNumberText({
  maxLength: SURVEY_COUNT_MAX_LENGTH,
  notANumber: SurveyMessage.AboveZero,
  accept: aboveZero,
  outOfRange: SurveyMessage.AboveZero,
});
const investment = optionalNumberText({
  maxLength: SURVEY_INVESTMENT_MAX_LENGTH,
  notANumber: SurveyMessage.AboveZero,
  accept: aboveZero,
  outOfRange: SurveyMessage.AboveZero,
});
const rate = optionalNumberText({ notANumber: SurveyMessage.RateRange, accept: rateInRange, outOfRange: SurveyMessage.RateRange });

/**
 * The customer survey (questionnaire), every field of spec 000 section 3 with the rules of
 * section 5. Required ('必填'): contacts, itemName, dailyMinResource, onlineService,
 * productOrientation, products, competitor; mobile takes the phone rule. Numbers come as text
 * or JSON numbers (see fields.ts) and come out as numbers: cooperantShop and teamPeople 1-5
 * characters, the investments 1-12, dailyMinResource 1-8 ('请输入数字' for text that is no
 * number), all above 0 ('数值必须大于0'); visitingRate and closeRate (percentages) above 0 and
 * below 100. The spec does not require whole numbers, so '2.5' is accepted everywhere. When both
 * investments are given the maximum must exceed the minimum, reported on maxInvestment (give its
 * Form.Item `dependencies={['minInvestment']}`). The free texts have no bound in the spec; their
 * caps only keep a body finite.
 */
export const surveySchema = z
  .object({
    contacts: requiredText(SurveyMessage.Required, 50),
    mobile: phoneSchema,
    qq: optionalText(20),
    itemId: optionalId(PlatformMessage.ItemInvalid),
    itemName: requiredText(SurveyMessage.Required, 100),
    webSite: optionalText(200),
    regtime: optionalText(50),
    brands: optionalText(200),
    popularizeTimeSpan: optionalText(50),
    popularizeTime: optionalText(50),
    /** Has branch companies: 0 no, 1 yes. */
    filiale: optionalCode(YES_NO_CODES, SurveyMessage.FlagInvalid),
    filialeCitys: optionalText(500),
    joinWebSite: optionalText(200),
    cooperantShop: count,
    teamPeople: count,
    dailyMinResource: requiredNumberText(SurveyMessage.Required, {
      maxLength: SURVEY_DAILY_RESOURCE_MAX_LENGTH,
      notANumber: SurveyMessage.NotADigit,
      accept: aboveZero,
      outOfRange: SurveyMessage.AboveZero,
    }),
    /** Online customer service: 0 no, 1 yes. */
    onlineService: requiredCode(YES_NO_CODES, SurveyMessage.Required),
    visitingRate: rate,
    closeRate: rate,
    productOrientation: requiredText(SurveyMessage.Required, 500),
    products: requiredText(SurveyMessage.Required, 500),
    genderRation: optionalText(50),
    ageSegment: optionalText(50),
    advantage: optionalText(500),
    minInvestment: investment,
    maxInvestment: investment,
    joinPolicy: optionalText(500),
    competitor: requiredText(SurveyMessage.Required, 500),
    tvCompetitor: optionalText(500),
  })
  .superRefine(
    ({ minInvestment, maxInvestment }, ctx) => {
      if (minInvestment !== undefined && maxInvestment !== undefined && maxInvestment <= minInvestment) {
        ctx.addIssue({ code: 'custom', path: ['maxInvestment'], message: SurveyMessage.MaxBelowMin });
      }
    },
    { when: unlessFieldsFail('minInvestment', 'maxInvestment') },
  );
/** What a page or a form post sends. */
export type SurveyInput = z.input<typeof surveySchema>;
/** A checked survey: numbers for the figures and flags, trimmed texts. */
export type Survey = z.output<typeof surveySchema>;

/** The figures loggedInSurveyAccepted reads: parsed numbers, or the text a body carried. */
export type SurveyFigures = Partial<
  Record<'minInvestment' | 'maxInvestment' | 'dailyMinResource' | 'visitingRate' | 'closeRate', number | string | null>
>;

/** A figure as a number; NaN (which fails every comparison) for blank or non-numeric text. */
const figure = (value: number | string | null | undefined): number => {
  if (typeof value === 'number') return value;
  const text = value?.trim() ?? '';
  return DECIMAL_TEXT.test(text) ? Number(text) : NaN;
};

/** The logged-in check's rate rule: above 0 and up to 100, so 100 passes here while the form refuses it. */
const rateUpTo100 = (value: number) => value > 0 && value <= 100;

/**
 * The condition of spec 000 section 5 for a logged-in survey submission: "passes only if max
 * exceeds min, or daily minimum resource above 0, or rates above 0 up to 100; else '新增失败'".
 * Read as written: any one of three conditions lets it pass.
 *  1. both investments given and the maximum strictly above the minimum;
 *  2. dailyMinResource above 0;
 *  3. both rates (visitingRate and closeRate: "rates", plural) above 0 and at most 100.
 * A missing or non-numeric figure fails its condition. The sentence says "or", not "and"; since
 * the form requires dailyMinResource above 0, every survey surveySchema accepts also passes here,
 * so this check only decides bodies that were not validated by the form's schema.
 */
export function loggedInSurveyAccepted(survey: SurveyFigures): boolean {
  const min = figure(survey.minInvestment);
  const max = figure(survey.maxInvestment);
  if (max > min) return true;
  if (figure(survey.dailyMinResource) > 0) return true;
  return rateUpTo100(figure(survey.visitingRate)) && rateUpTo100(figure(survey.closeRate));
}
