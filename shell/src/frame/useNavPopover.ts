import { useCallback, useRef, useState } from 'react';

/**
 * Open state of a top-navigation popover that opens on hover and click and whose entries navigate.
 *
 * Choosing an entry closes it for good: the pointer that chose it is over the closing popup, and
 * the popup's own mouse-enter asks to open again after its hover delay (the trigger's delayed
 * open outlives our close), which left the popover open over the page just navigated to. A choice
 * therefore ignores open requests until the user reaches for the trigger again (pointer onto it,
 * a press or a key on it).
 */
export function useNavPopover() {
  const [open, setOpen] = useState(false);
  const chosen = useRef(false);

  const onOpenChange = useCallback((next: boolean) => {
    if (next && chosen.current) return;
    setOpen(next);
  }, []);
  const close = useCallback(() => {
    chosen.current = true;
    setOpen(false);
  }, []);
  const show = useCallback(() => {
    chosen.current = false;
    setOpen(true);
  }, []);
  const rearm = useCallback(() => {
    chosen.current = false;
  }, []);

  return {
    open,
    close,
    show,
    /** For the Popover. */
    popoverProps: { open, onOpenChange },
    /** For the trigger button (the Popover calls them after its own handlers). */
    triggerProps: { onMouseEnter: rearm, onPointerDown: rearm, onKeyDown: rearm },
  };
}
