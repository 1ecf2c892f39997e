import { type FormEvent, useRef, useState } from 'react';
import type { FieldErrors } from './fields';

/**
 * What checks a form's values: the first message per field, none when they pass (the contracts'
 * schema through fieldErrors, loaded with the first submit: zod stays out of the first load).
 */
export type FormCheck = (values: Record<string, unknown>) => FieldErrors;

export interface SiteFormOptions<A> {
  /** The call taking the form's JSON (/rest/public/... for a visitor, /rest/customer/... logged in). */
  url: string;
  /** Loads the check (a dynamic import of the form's schema). */
  loadCheck: () => Promise<FormCheck>;
  /** Fields that may repeat (sent as arrays). */
  lists?: readonly string[];
  /** Values the form always sends (type and platform codes). */
  fixed?: Readonly<Record<string, unknown>>;
  /** The server's answer, with the values sent. */
  onDone: (answer: A, values: Readonly<Record<string, unknown>>) => void;
}

export type SiteFormStatus = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string };

const NETWORK_FAILED = '网络异常，请稍后再试';

/** A fresh key per filled form: a double click or a retry of the same values makes one lead. */
const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;

/** The form's values: each field's value, repeated fields as lists of their non-blank values. */
export function formValues(form: HTMLFormElement, lists: readonly string[] = []): Record<string, unknown> {
  const data = new FormData(form);
  const values: Record<string, unknown> = {};
  for (const name of new Set(data.keys())) {
    const all = data.getAll(name).map(String);
    values[name] = lists.includes(name) ? all.filter((value) => value.trim() !== '') : all[0];
  }
  return values;
}

/**
 * A site form with a script: checked with the contracts' schema before it is sent (the messages
 * under the fields), then sent as JSON with an Idempotency-Key (kept until the values change, so
 * a second click sends the same key). Without a script the same <form> posts to the server,
 * which answers with the result page.
 */
export function useSiteForm<A>({ url, loadCheck, lists = [], fixed = {}, onDone }: SiteFormOptions<A>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<SiteFormStatus>({ state: 'idle' });
  const key = useRef<{ body: string; key: string } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.state === 'sending') return;
    const values = { ...formValues(event.currentTarget, lists), ...fixed };
    setStatus({ state: 'sending' });
    let check: FormCheck;
    try {
      check = await loadCheck();
    } catch {
      setStatus({ state: 'failed', message: NETWORK_FAILED });
      return;
    }
    const refused = check(values);
    if (Object.keys(refused).length > 0) {
      setErrors(refused);
      setStatus({ state: 'idle' });
      return;
    }
    setErrors({});
    const body = JSON.stringify(values);
    if (key.current?.body !== body) key.current = { body, key: newKey() };
    try {
      const response = await fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'idempotency-key': key.current.key, 'x-requested-with': 'XMLHttpRequest' },
        body,
      });
      const answer = (await response.json().catch(() => null)) as (A & { message?: string }) | null;
      if (!response.ok || answer === null) {
        setStatus({ state: 'failed', message: answer?.message ?? NETWORK_FAILED });
        return;
      }
      setStatus({ state: 'idle' });
      onDone(answer, values);
    } catch {
      setStatus({ state: 'failed', message: NETWORK_FAILED });
    }
  };

  return { errors, status, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) };
}
