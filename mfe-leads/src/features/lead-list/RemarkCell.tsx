import { EditOutlined } from '@ant-design/icons';
import { LEAD_REMARK_MAX } from '@portal/contracts/leads';
import { Button, Input, Typography } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { LeadListText } from './texts';

export interface RemarkCellProps {
  remark: string;
  /**
   * Saves the new text; resolves true when the server took it. Without it the remark is only shown
   * (a lead whose kind has no remark call: spec 001 gives resource-distribution and resourceCpchandler none).
   */
  onSave?: (remark: string) => Promise<boolean>;
}

/**
 * The editable remark: the pencil opens an inline editor; Enter or leaving the field saves,
 * Shift+Enter starts a new line, Esc cancels. (A fixed-height editor: autosizing measures the
 * page's styles on every key.)
 */
export function RemarkCell({ remark, onSave }: RemarkCellProps) {
  const [draft, setDraft] = useState<string | null>(null);
  // The text being saved is shown until the list reloads with the server's; a failure puts the old one back.
  const [pending, setPending] = useState<string | null>(null);
  const saving = useRef(false);
  const shown = pending ?? remark;

  const commit = async () => {
    if (draft === null || !onSave) return;
    const next = draft.trim();
    setDraft(null);
    // Enter and the blur that follows it both commit: save once.
    if (next === remark || saving.current) return;
    saving.current = true;
    setPending(next);
    await onSave(next);
    saving.current = false;
    setPending(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') setDraft(null);
    else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void commit();
    }
  };

  if (draft !== null) {
    return (
      <Input.TextArea
        aria-label={LeadListText.EditRemark}
        autoFocus
        rows={3}
        maxLength={LEAD_REMARK_MAX}
        value={draft}
        style={{ width: 220, resize: 'none' }}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => void commit()}
      />
    );
  }
  return (
    <span style={{ display: 'inline-flex', alignItems: 'flex-start', gap: 4, maxWidth: 240 }}>
      <Typography.Text type={shown ? undefined : 'secondary'} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {shown || LeadListText.NoRemark}
      </Typography.Text>
      {onSave ? (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          aria-label={LeadListText.EditRemark}
          title={LeadListText.EditRemark}
          disabled={pending !== null}
          style={{ height: 'auto', padding: 0 }}
          onClick={() => setDraft(remark)}
        />
      ) : null}
    </span>
  );
}
