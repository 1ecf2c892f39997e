import type { SiteFormStatus } from './useSiteForm';

export const FormText = { Submit: '提交', Sending: '提交中…', HoneypotLabel: '请勿填写此项' } as const;

/** A field people never see or fill (off screen, out of the tab order); bots fill it, and the server drops their form. */
export function Honeypot() {
  return (
    <div className="hp" aria-hidden="true">
      <label>
        {FormText.HoneypotLabel}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function SendButton({ sending, label = FormText.Submit }: { sending: boolean; label?: string }) {
  return (
    <button className="btn" type="submit" disabled={sending} aria-busy={sending || undefined}>
      {sending ? FormText.Sending : label}
    </button>
  );
}

/** The form's outcome: a refusal of the server (or the network), or the success text. */
export function Status({ status }: { status: SiteFormStatus | { state: 'done'; message: string } }) {
  if (status.state === 'failed')
    return (
      <p className="notice bad" role="alert">
        {status.message}
      </p>
    );
  if (status.state === 'done')
    return (
      <p className="notice ok" role="status">
        {status.message}
      </p>
    );
  return null;
}
