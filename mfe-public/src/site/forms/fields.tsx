import type { ReactNode } from 'react';

/** One field of a site form, rendered as a native control so that the form posts without a script. */
export interface FieldSpec {
  name: string;
  label: string;
  required?: boolean;
  kind?: 'text' | 'tel' | 'textarea' | 'select' | 'radio';
  options?: ReadonlyArray<{ value: string | number; label: string }>;
  maxLength?: number;
  placeholder?: string;
  /** Several values under one name (a repeated field: competitor brands). */
  repeat?: number;
}

/** The message of a field (its first error), shown under it and named by its aria-describedby. */
export type FieldErrors = Readonly<Record<string, string>>;

const errorId = (form: string, name: string) => `${form}-${name}-error`;

/** A form's fields with their labels, the required mark and the field's error. */
export function Fields({ form, fields, errors }: { form: string; fields: readonly FieldSpec[]; errors: FieldErrors }) {
  return (
    <>
      {fields.map((field) => (
        <Field key={field.name} form={form} field={field} error={errors[field.name]} />
      ))}
    </>
  );
}

function Field({ form, field, error }: { form: string; field: FieldSpec; error?: string }) {
  const id = `${form}-${field.name}`;
  const described = error ? errorId(form, field.name) : undefined;
  const common = {
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': field.required ? true : undefined,
  } as const;
  const message: ReactNode = error ? (
    <span className="err" id={errorId(form, field.name)} role="alert">
      {error}
    </span>
  ) : null;
  // The star is for the eye; the control says it is required (aria-required), so its name stays the label.
  const label = (
    <span>
      {field.required ? (
        <span className="star" aria-hidden="true">
          *
        </span>
      ) : null}
      {field.label}
    </span>
  );
  if (field.kind === 'radio') {
    return (
      <fieldset aria-describedby={described}>
        <legend style={{ fontWeight: 500 }}>{label}</legend>
        <div className="inline">
          {field.options?.map((option) => (
            <label key={option.value} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}>
              <input type="radio" name={field.name} value={option.value} style={{ width: 'auto', minHeight: 0 }} />
              {option.label}
            </label>
          ))}
        </div>
        {message}
      </fieldset>
    );
  }
  if (field.repeat) {
    return (
      <fieldset aria-describedby={described}>
        <legend style={{ fontWeight: 500 }}>{label}</legend>
        {Array.from({ length: field.repeat }, (_, index) => (
          <input key={index} {...common} aria-label={`${field.label} ${index + 1}`} maxLength={field.maxLength} placeholder={field.placeholder} />
        ))}
        {message}
      </fieldset>
    );
  }
  // The error is beside the label, not in it: the control's name stays its label (the error is its description).
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {field.kind === 'textarea' ? (
          <textarea id={id} {...common} rows={4} maxLength={field.maxLength} placeholder={field.placeholder} />
        ) : field.kind === 'select' ? (
          <select id={id} {...common} defaultValue="">
            <option value="">请选择</option>
            {field.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <input id={id} {...common} type={field.kind === 'tel' ? 'tel' : 'text'} maxLength={field.maxLength} placeholder={field.placeholder} />
        )}
      </label>
      {message}
    </div>
  );
}
