import { CRM_DUPLICATE_REMARK } from '@portal/contracts';
import { type Lead } from '@portal/contracts/leads';
import { render, screen } from '@testing-library/react';
import { ReceiverCell } from './ReceiverCell';

type CellLead = Pick<Lead, 'crmFollower' | 'crmPushed' | 'crmPushState' | 'remark'>;

const FOLLOWERS = [null, '王强'] as const;
const PUSHED = [false, true] as const;
const JOBS = [null, 'pending', 'delivered', 'refused', 'failed'] as const;
const TAGS: Record<(typeof JOBS)[number] & string, string> = { pending: '推送中', delivered: '已推送', refused: '被拒绝', failed: '推送失败' };

/** Every combination of what the cell reads: receiver × crmPushed × the jobs' state × the duplicate remark. */
const COMBINATIONS = FOLLOWERS.flatMap((crmFollower) =>
  PUSHED.flatMap((crmPushed) =>
    JOBS.flatMap((crmPushState) => [false, true].map((duplicate) => ({ crmFollower, crmPushed, crmPushState, duplicate }))),
  ),
);

describe('the 接待人 cell', () => {
  it.each(COMBINATIONS)('receiver $crmFollower, crmPushed $crmPushed, push $crmPushState, duplicate $duplicate', ({ duplicate, ...fields }) => {
    const lead: CellLead = { ...fields, remark: duplicate ? `客户说：${CRM_DUPLICATE_REMARK}` : '已电话沟通' };
    const { container } = render(<ReceiverCell lead={lead} />);
    // The receiver, else CRM中已存在 for a CRM duplicate, else 未分配.
    const receiver = fields.crmFollower ?? (duplicate ? 'CRM中已存在' : '未分配');
    // The jobs' state, else 已推送 for a lead marked pushed (its job swept), else no tag.
    const tag = fields.crmPushState ? TAGS[fields.crmPushState] : fields.crmPushed ? '已推送' : null;
    expect(screen.getByText(receiver)).toBeInTheDocument();
    if (tag) expect(screen.getByText(tag)).toBeInTheDocument();
    expect(container.textContent).toBe(`${receiver}${tag ?? ''}`);
  });

  it('never shows 未分配 beside 已推送 for a pushed lead that has its receiver', () => {
    render(<ReceiverCell lead={{ crmFollower: '张丽', crmPushed: true, crmPushState: 'delivered', remark: '' }} />);
    expect(screen.queryByText('未分配')).not.toBeInTheDocument();
    expect(screen.getByText('张丽')).toBeInTheDocument();
    expect(screen.getByText('已推送')).toBeInTheDocument();
  });
});
