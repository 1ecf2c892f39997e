import { type ReactNode, useEffect, useRef } from 'react';
import { SiteText } from './texts';

/**
 * A modal dialog on the native <dialog> (focus kept inside, Esc closes, the page behind inert):
 * open while `open`, `onClose` when closed by Esc or the close button.
 */
export function Dialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // A browser without the modal dialog (and jsdom) shows it open in place.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  const titleId = `dialog-${title}`;
  return (
    <dialog ref={ref} className="site-dialog" aria-labelledby={titleId} onClose={onClose}>
      {open ? (
        <>
          <button type="button" className="btn ghost close" onClick={onClose}>
            {SiteText.Close}
          </button>
          <h2 id={titleId} style={{ marginTop: 0 }}>
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
