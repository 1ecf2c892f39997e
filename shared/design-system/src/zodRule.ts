import { fieldErrors, firstError } from '@portal/contracts';
import type { FormRule } from 'antd';
import type { z } from 'zod';

/** A rule computed from the form instance, and a plain rule: the two kinds antd's Form.Item takes. */
type RuleRender = Extract<FormRule, (...args: never[]) => unknown>;
type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;

export interface ZodRuleOptions {
  /** Marks the field required (the asterisk); default: true when the field's own schema refuses undefined. */
  required?: boolean;
}

const fieldSchema = (schema: z.ZodType, field: string): z.ZodType | undefined => {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  return shape?.[field];
};

/**
 * An antd Form rule for `field` from the whole-form zod schema of @portal/contracts. The validator
 * parses all the form's values, so cross-field rules (new and confirm password mismatch) report on
 * their field; it rejects with the first message for this field. Give cross-field Form.Items
 * `dependencies` so that they re-validate when the other field changes.
 */
export function zodRule(schema: z.ZodType, field: string, options: ZodRuleOptions = {}): RuleRender {
  const required = options.required ?? fieldSchema(schema, field)?.safeParse(undefined).success === false;
  return ({ getFieldsValue }) => ({
    required,
    validator: async () => {
      const message = fieldErrors(schema, getFieldsValue(true))[field];
      if (message) throw new Error(message);
    },
  });
}

/** An antd Form rule checking the field's value alone against `schema`. */
export function zodValueRule(schema: z.ZodType, options: ZodRuleOptions = {}): RuleObject {
  return {
    required: options.required ?? !schema.safeParse(undefined).success,
    validator: async (_rule, value: unknown) => {
      const message = firstError(schema, value);
      if (message) throw new Error(message);
    },
  };
}
