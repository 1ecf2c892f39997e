import { DuplicateText } from '@portal/contracts/leads';
import { Popover, Tag, Typography } from 'antd';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { firstLeadHref, isDuplicate, type DuplicateLead } from './duplicates';
import { LeadListText } from './texts';

export interface DuplicateTagProps {
  lead: DuplicateLead;
}

/** A button that looks like the tag it holds. */
const TAG_BUTTON = {
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  lineHeight: 1,
  cursor: 'pointer',
  marginInlineStart: 6,
  verticalAlign: 'middle',
} as const;

const within = (container: HTMLElement | null, target: EventTarget | null): boolean => target instanceof Node && Boolean(container?.contains(target));

function DuplicateTagButton({ lead }: DuplicateTagProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const popupId = useId();
  // Escape in the popover closes it and gives the focus back to the tag, which then stays closed.
  const staysClosed = useRef(false);
  const href = firstLeadHref(lead);
  const reason = lead.duplicateReason || DuplicateText.FilterLabel;

  const backToButton = () => buttonRef.current?.focus();
  const closeUnlessInside = (event: FocusEvent) => {
    if (!within(popupRef.current, event.relatedTarget) && event.relatedTarget !== buttonRef.current) setOpen(false);
  };
  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };
  // The popover is drawn at the end of the page: Tab, Shift+Tab or Escape in it come back to the tag.
  const onPopupKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      staysClosed.current = true;
      backToButton();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      backToButton();
    }
  };
  // Enter, Space or a tap opens the popover and moves into it, to its link.
  const enter = () => {
    setOpen(true);
    window.setTimeout(() => linkRef.current?.focus(), 0);
  };

  return (
    <Popover
      trigger="hover"
      open={open}
      onOpenChange={setOpen}
      title={DuplicateText.FilterLabel}
      content={
        <div id={popupId} ref={popupRef} onKeyDown={onPopupKeyDown} onBlur={closeUnlessInside} style={{ maxWidth: 280 }}>
          <Typography.Paragraph style={{ marginBottom: href ? 4 : 0 }}>{reason}</Typography.Paragraph>
          {href ? (
            <Link ref={linkRef} to={href} onClick={() => setOpen(false)}>
              {DuplicateText.FirstLead}
            </Link>
          ) : null}
        </div>
      }
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={LeadListText.duplicateTagName(reason)}
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onFocus={() => {
          if (!staysClosed.current) setOpen(true);
          staysClosed.current = false;
        }}
        onBlur={closeUnlessInside}
        onKeyDown={onButtonKeyDown}
        onClick={enter}
        style={TAG_BUTTON}
      >
        <Tag color="orange" style={{ margin: 0 }}>
          {DuplicateText.Tag}
        </Tag>
      </button>
    </Popover>
  );
}

/**
 * The 重复 tag of a duplicate lead (issue 24), beside its phone: hovering or focusing it shows why
 * it is a duplicate and 查看首条线索, the list showing the original on its day with this phone. A
 * lead that is no duplicate shows nothing.
 */
export function DuplicateTag({ lead }: DuplicateTagProps) {
  return isDuplicate(lead) ? <DuplicateTagButton lead={lead} /> : null;
}
