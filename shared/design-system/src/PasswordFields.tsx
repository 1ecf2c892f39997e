import { PASSWORD_ERROR_FIELDS, PasswordPrompt } from '@portal/contracts';
import { Form, Input } from 'antd';
import type { z } from 'zod';
import { DesignSystemText } from './texts';
import { zodRule } from './zodRule';

/** The names a password form gives its three fields (the change page: password/confirm; the forced change: newPassword/confirmPassword). */
export interface PasswordFieldNames<Name extends string = string> {
  old: Name;
  next: Name;
  confirm: Name;
}

export interface PasswordFieldsProps {
  /**
   * The form's whole schema from @portal/contracts (changePasswordSchema, forcedPasswordFormSchema):
   * its rules and messages are the spec's (8-18 letters and digits with both kinds, confirm equal to
   * the new one, new not equal to the old one).
   */
  schema: z.ZodType;
  names: PasswordFieldNames;
}

/**
 * The new password and its confirmation, the two fields every password form repeats: the spec's
 * labels and prompts, the rules of the form's contracts schema (re-checked when the old or the new
 * password changes), and the browser told to suggest a new password.
 */
export function PasswordFields({ schema, names }: PasswordFieldsProps) {
  return (
    <>
      <Form.Item label={DesignSystemText.NewPassword} name={names.next} dependencies={[names.old]} rules={[zodRule(schema, names.next)]}>
        <Input.Password placeholder={PasswordPrompt.New} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={DesignSystemText.ConfirmPassword} name={names.confirm} dependencies={[names.next]} rules={[zodRule(schema, names.confirm)]}>
        <Input.Password placeholder={PasswordPrompt.Confirm} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** A refusal as the portal's calls reject: a body `code` and the Chinese `message` to show. */
const codeAndMessage = (error: unknown): { code: string; message: string } | null => {
  if (error === null || typeof error !== 'object') return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string' ? { code, message } : null;
};

/**
 * Where a server refusal of a password form goes, by its code (PASSWORD_ERROR_FIELDS of
 * @portal/contracts): the field errors to set with `form.setFields`, or null when the refusal
 * belongs to no field (the form shows it as a whole).
 */
export function passwordFieldErrors<Name extends string>(error: unknown, names: PasswordFieldNames<Name>): { name: Name; errors: string[] }[] | null {
  const refusal = codeAndMessage(error);
  const field = refusal ? PASSWORD_ERROR_FIELDS[refusal.code] : undefined;
  if (!refusal || !field) return null;
  return [{ name: names[field], errors: [refusal.message] }];
}
