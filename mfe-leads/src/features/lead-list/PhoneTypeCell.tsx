import { MobileStatus } from '@portal/contracts';
import { PhoneCheckText, phoneTypeLabel, type Lead, type PhoneClass } from '@portal/contracts/leads';
import { Space, Tag, Tooltip } from 'antd';
import { PhoneTypeText } from './texts';

export type PhoneTypeLead = Pick<Lead, 'phoneClass' | 'phoneHeld' | 'mobileStatus'>;

/** Tag colours of the checker's classes: a real number is fine, an empty or risky one is not, the rest doubtful. */
const PHONE_CLASS_COLORS: Record<PhoneClass, string> = {
  real: 'green',
  empty: 'red',
  risky: 'red',
  suspended: 'orange',
  silent: 'orange',
};

/** The colour of a lead's number type: its class's once checked, else the pattern test's (正常 green, 疑似问题 orange). */
export const phoneTypeColor = (lead: PhoneTypeLead): string =>
  lead.phoneClass ? PHONE_CLASS_COLORS[lead.phoneClass] : lead.mobileStatus === MobileStatus.Normal ? 'green' : 'orange';

/** A short mark whose full text shows on hover or focus. */
function HoldMark({ text, reason }: { text: string; reason: string }) {
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      <Tag tabIndex={0} style={{ marginInlineEnd: 0 }}>
        {text}
      </Tag>
    </Tooltip>
  );
}

/**
 * 号码类型 (issue 24): the checker's class once the number is checked (空号 / 实号 / 停机 / 沉默号 /
 * 风险号), else the pattern test's 正常 / 疑似问题 (phoneTypeLabel); beside it 检测中 while the lead
 * waits for its check before distribution, or 已拦截 when the hold-back kept it from distribution
 * and push, each with the full reason on hover or focus. The lists' column and the detail page.
 */
export function PhoneTypeCell({ lead }: { lead: PhoneTypeLead }) {
  const label = phoneTypeLabel(lead);
  const type = (
    <Tag color={phoneTypeColor(lead)} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
  if (lead.phoneHeld === null) return type;
  return (
    <Space size={4} wrap>
      {type}
      {lead.phoneHeld === 'waiting' ? (
        <HoldMark text={PhoneTypeText.Waiting} reason={PhoneCheckText.Waiting} />
      ) : (
        <HoldMark text={PhoneTypeText.Held} reason={PhoneCheckText.heldReason(label)} />
      )}
    </Space>
  );
}
