import { PUSH_STATUS_LABELS, PushStatus } from '../crm/schemas';
import { CRM_DUPLICATE_REMARK, LEAD_PUSH_STATE_LABELS, LEAD_PUSH_STATES, leadState, type LeadStateInput } from './state';

/**
 * Every combination of the record's inputs: receiver set or not × crmPushed 0/1 × the jobs' push
 * state (none, pending, delivered, refused, failed) × the CRM duplicate remark or not, and what
 * the user sees: the 接待人 cell, the push tag, assigned (the 已分配 filter) and whether 手动分配 is
 * offered. The table is written out (reviewed row by row), not computed.
 */
type Row = [
  follower: string | null,
  crmPushed: 0 | 1,
  pushState: string | null,
  duplicate: boolean,
  receiverText: string,
  tag: string | null,
  assigned: boolean,
  canAssign: boolean,
];
// prettier-ignore
const TABLE: Row[] = [
  // No receiver, not marked pushed: only a refused or failed push (or none) leaves 手动分配 open.
  [null, 0, null, false, '未分配', null, false, true],
  [null, 0, null, true, 'CRM中已存在', null, true, false],
  [null, 0, 'pending', false, '未分配', '推送中', false, false],
  [null, 0, 'pending', true, 'CRM中已存在', '推送中', true, false],
  [null, 0, 'delivered', false, '未分配', '已推送', false, false],
  [null, 0, 'delivered', true, 'CRM中已存在', '已推送', true, false],
  [null, 0, 'refused', false, '未分配', '被拒绝', false, true],
  [null, 0, 'refused', true, 'CRM中已存在', '被拒绝', true, false],
  [null, 0, 'failed', false, '未分配', '推送失败', false, true],
  [null, 0, 'failed', true, 'CRM中已存在', '推送失败', true, false],
  // Marked pushed without a receiver: no writer makes this any more (the worker gives a delivered
  // lead its follower in the same transaction; the seed pushes only leads with a receiver). A
  // legacy row still says the truth: nobody here received it, it is in the CRM, no 手动分配.
  [null, 1, null, false, '未分配', '已推送', false, false],
  [null, 1, null, true, 'CRM中已存在', '已推送', true, false],
  [null, 1, 'pending', false, '未分配', '推送中', false, false],
  [null, 1, 'pending', true, 'CRM中已存在', '推送中', true, false],
  [null, 1, 'delivered', false, '未分配', '已推送', false, false],
  [null, 1, 'delivered', true, 'CRM中已存在', '已推送', true, false],
  [null, 1, 'refused', false, '未分配', '被拒绝', false, false],
  [null, 1, 'refused', true, 'CRM中已存在', '被拒绝', true, false],
  [null, 1, 'failed', false, '未分配', '推送失败', false, false],
  [null, 1, 'failed', true, 'CRM中已存在', '推送失败', true, false],
  // A receiver: shown, assigned, never offered again; the tag follows the jobs.
  ['王强', 0, null, false, '王强', null, true, false],
  ['王强', 0, null, true, '王强', null, true, false],
  ['王强', 0, 'pending', false, '王强', '推送中', true, false],
  ['王强', 0, 'pending', true, '王强', '推送中', true, false],
  ['王强', 0, 'delivered', false, '王强', '已推送', true, false],
  ['王强', 0, 'delivered', true, '王强', '已推送', true, false],
  ['王强', 0, 'refused', false, '王强', '被拒绝', true, false],
  ['王强', 0, 'refused', true, '王强', '被拒绝', true, false],
  ['王强', 0, 'failed', false, '王强', '推送失败', true, false],
  ['王强', 0, 'failed', true, '王强', '推送失败', true, false],
  ['王强', 1, null, false, '王强', '已推送', true, false],
  ['王强', 1, null, true, '王强', '已推送', true, false],
  ['王强', 1, 'pending', false, '王强', '推送中', true, false],
  ['王强', 1, 'pending', true, '王强', '推送中', true, false],
  ['王强', 1, 'delivered', false, '王强', '已推送', true, false],
  ['王强', 1, 'delivered', true, '王强', '已推送', true, false],
  ['王强', 1, 'refused', false, '王强', '被拒绝', true, false],
  ['王强', 1, 'refused', true, '王强', '被拒绝', true, false],
  ['王强', 1, 'failed', false, '王强', '推送失败', true, false],
  ['王强', 1, 'failed', true, '王强', '推送失败', true, false],
];

/** The record of a row (the duplicate remark inside other text, as staff write it). */
const recordOf = ([follower, crmPushed, pushState, duplicate]: Row): LeadStateInput => ({
  crmFollower: follower,
  crmPushed,
  crmPushState: pushState,
  remark: duplicate ? `客户说：${CRM_DUPLICATE_REMARK}` : '已电话沟通',
});

describe('leadState', () => {
  it('covers every combination of its inputs exactly once', () => {
    const keys = TABLE.map(([follower, pushed, state, duplicate]) => `${follower}|${pushed}|${state}|${duplicate}`);
    expect(new Set(keys).size).toBe(2 * 2 * (1 + LEAD_PUSH_STATES.length) * 2);
    expect(keys).toHaveLength(new Set(keys).size);
  });

  it.each(TABLE)('receiver %s, crmPushed %s, push %s, duplicate %s: shows %s with tag %s (assigned %s, 手动分配 %s)', (...row) => {
    const [, , , , receiverText, tag, assigned, canAssign] = row;
    const state = leadState(recordOf(row));
    expect({ receiverText: state.receiverText, tag: state.pushLabel, assigned: state.assigned, canAssign: state.canAssignManually }).toEqual({
      receiverText,
      tag,
      assigned,
      canAssign,
    });
  });

  it('reads crmPushed as a boolean or 0/1, an empty receiver as none, and an unknown push state as no job', () => {
    expect(leadState({ crmFollower: '', crmPushed: true }).receiverText).toBe('未分配');
    expect(leadState({ crmFollower: '', crmPushed: true }).pushLabel).toBe('已推送');
    expect(leadState({ crmPushed: false, crmPushState: 'sent' })).toMatchObject({ pushState: null, canAssignManually: true });
    expect(leadState({ crmPushed: 1, crmPushState: 'sent' }).pushState).toBe('delivered');
  });

  it("tags with the push log's words for the push states", () => {
    expect(LEAD_PUSH_STATE_LABELS).toEqual(PUSH_STATUS_LABELS);
    expect([...LEAD_PUSH_STATES].sort()).toEqual(Object.values(PushStatus).sort());
  });
});
