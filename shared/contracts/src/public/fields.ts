import { z } from 'zod';
import { lengthMessage } from '../common/messages';
import { CANONICAL_INT, MAX_ID } from '../common/query';
import { hasNoNul, maxLengthMessage } from '../leads/schemas';

/**
 * Field builders of the visitor site's forms. Each form is posted two ways: as JSON by the pages
 * (antd forms, where an InputNumber gives a number or null and an Input gives text) and as a plain
 * HTML form post (every value text). So every number, code and id here takes a JSON number or its
 * text, and blank text, null and absent all mean "not given"; what comes out is a number.
 */

/** Texts of the visitor forms that the spec does not give (it names none for these cases). */
export const PublicFormMessage = {
  TextInvalid: '内容包含无效字符',
} as const;

/** An unsigned or negative decimal number as typed: '12', '0.5', '-3' (a negative one then fails the range check). */
export const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

/** A JSON number written out, a string trimmed; blank text and null become undefined. */
const asFormText = (value: string | number | null | undefined): string | undefined => {
  const text = typeof value === 'number' ? String(value) : value?.trim();
  return text === '' ? undefined : text;
};

/** A form value as text: a string or a JSON number; anything else answers `message`. */
const formValue = (message: string) => z.union([z.string(), z.number(), z.null()], { error: message }).optional().transform(asFormText);

/** Required free text, trimmed: blank answers `message`, too long `tooLong` (by default the spec's '长度在 1 到 N 个字符'). */
export const requiredText = (message: string, max: number, tooLong = lengthMessage(1, max)) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: tooLong })
    .refine(hasNoNul, { error: PublicFormMessage.TextInvalid });

/** Optional free text, trimmed; where the spec gives no bound, `max` only keeps a body finite ('长度不能超过 N 个字符'). */
export const optionalText = (max: number, tooLong = maxLengthMessage(max)) =>
  z
    .string({ error: PublicFormMessage.TextInvalid })
    .trim()
    .max(max, { error: tooLong })
    .refine(hasNoNul, { error: PublicFormMessage.TextInvalid })
    .nullish();

/** How a number typed into a text box is checked: its length as text first, then that it is a number, then its range. */
export interface NumberTextRule {
  /** The most characters, answered with '长度在 1 到 N 个字符'; none when the spec gives no bound. */
  maxLength?: number;
  /** The message of text that is no number. */
  notANumber: string;
  /** Whether the number is acceptable, and the message when it is not. */
  accept: (value: number) => boolean;
  outOfRange: string;
}

const numberChecks = (rule: NumberTextRule, requiredMessage?: string) => {
  const text = z.string({ error: requiredMessage ?? rule.notANumber });
  return (rule.maxLength === undefined ? text : text.max(rule.maxLength, { error: lengthMessage(1, rule.maxLength) }))
    .regex(DECIMAL_TEXT, { error: rule.notANumber })
    .transform(Number)
    .pipe(z.number().refine(rule.accept, { error: rule.outOfRange }));
};

/** A required number typed as text (or sent as a JSON number): blank answers `requiredMessage`. */
export const requiredNumberText = (requiredMessage: string, rule: NumberTextRule) =>
  formValue(rule.notANumber).pipe(numberChecks(rule, requiredMessage));

/** An optional number typed as text (or sent as a JSON number): blank is absent. */
export const optionalNumberText = (rule: NumberTextRule) => formValue(rule.notANumber).pipe(numberChecks(rule).optional());

const codeChecks = <T extends number>(codes: readonly T[], message: string) =>
  z
    .string({ error: message })
    .regex(CANONICAL_INT, { error: message })
    .transform(Number)
    .refine((value): value is T => (codes as readonly number[]).includes(value), { error: message });

/** One of `codes` (a select, a radio or a hidden field), as a number or its text; anything else, blank included, answers `message`. */
export const requiredCode = <T extends number>(codes: readonly T[], message: string) => formValue(message).pipe(codeChecks(codes, message));

/** One of `codes`, or absent (blank or null). */
export const optionalCode = <T extends number>(codes: readonly T[], message: string) =>
  formValue(message).pipe(codeChecks(codes, message).optional());

/** An optional id (1 to MAX_ID), as a number or its canonical text. */
export const optionalId = (message: string) =>
  formValue(message).pipe(
    z
      .string({ error: message })
      .regex(CANONICAL_INT, { error: message })
      .transform(Number)
      .pipe(z.number().min(1, { error: message }).max(MAX_ID, { error: message }))
      .optional(),
  );

/**
 * The `when` of a cross-field check: it runs while other fields are still blank or wrong, so that
 * its message shows as soon as its own fields are filled, but not while one of `fields` fails its
 * own rule (whose message then stands alone). Never on a value that is no object (a JSON body of
 * null, a number or a list): its own type error stands alone, and the check would read fields of nothing.
 */
export const unlessFieldsFail =
  (...fields: string[]) =>
  ({ issues, value }: z.core.ParsePayload): boolean =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && !issues.some((issue) => fields.includes(String(issue.path?.[0])));

/** 0 no, 1 yes: the spec's 0/1 flags (filiale, onlineService) and the plan form's has-branch. */
export { YesNo, YES_NO_CODES } from './site';
