/**
 * What a lead shows about its receiver and its CRM push, as one function of its record: the 接待人
 * cell (receiver or 未分配), the push tag, whether it counts as assigned (the crmFollowerState
 * filter, the lists' counters) and whether manual assignment is offered. The list cell, the
 * server's filter (in SQL, checked against this function) and the manual assignment all follow it.
 *
 * Push state values are those of PushStatus (@portal/contracts/crm), spelled here so that the main
 * index does not carry the CRM schemas.
 */

/** The fixed remark text marking a lead as a duplicate of a CRM resource (counts as assigned, spec 001 section 4). */
export const CRM_DUPLICATE_REMARK = 'CRM中已存在该资源';

/** The push states a lead can show: its jobs' most pressing one (the server picks it). */
export const LeadPushState = { Pending: 'pending', Delivered: 'delivered', Refused: 'refused', Failed: 'failed' } as const;
export type LeadPushState = (typeof LeadPushState)[keyof typeof LeadPushState];
export const LEAD_PUSH_STATES: readonly LeadPushState[] = Object.values(LeadPushState);
/** The push tag's text (the same as PUSH_STATUS_LABELS of the push log). */
export const LEAD_PUSH_STATE_LABELS: Record<LeadPushState, string> = {
  pending: '推送中',
  delivered: '已推送',
  refused: '被拒绝',
  failed: '推送失败',
};

/** The 接待人 cell without a receiver. */
export const LeadReceiverText = {
  NotAssigned: '未分配',
  /** No receiver, but the CRM holds the lead already (the duplicate remark): assigned there. */
  InCrm: 'CRM中已存在',
} as const;

/** The fields of a lead the state depends on (list rows, assignment rows, fixtures). */
export interface LeadStateInput {
  crmFollower?: string | null;
  crmPushed?: boolean | number | null;
  /** The lead's jobs' most pressing push state; null or absent: no job. */
  crmPushState?: string | null;
  remark?: string | null;
}

export interface LeadState {
  /** The receiver (crmFollower), null when there is none. */
  receiver: string | null;
  /** What the 接待人 cell says: the receiver, else CRM中已存在 for a CRM duplicate, else 未分配. */
  receiverText: string;
  /** Assigned (crmFollowerState 1): a receiver, or the CRM duplicate remark (spec 001 section 4). */
  assigned: boolean;
  /**
   * The push tag: the jobs' state, else 已推送 for a lead marked pushed that has no job (its job
   * swept after PUSH_LOG_DAYS); null: no tag.
   */
  pushState: LeadPushState | null;
  pushLabel: string | null;
  /**
   * Manual assignment is offered: not assigned, not pushed and no push on its way or delivered (a
   * refused or failed push may still be assigned; spec 001 section 2).
   */
  canAssignManually: boolean;
}

const isPushState = (value: unknown): value is LeadPushState => LEAD_PUSH_STATES.includes(value as LeadPushState);

/** The CRM duplicate remark is in the lead's remark. */
export const hasDuplicateRemark = (remark: string | null | undefined): boolean => Boolean(remark && remark.includes(CRM_DUPLICATE_REMARK));

/** The state a lead shows, from its record. */
export function leadState(lead: LeadStateInput): LeadState {
  const receiver = lead.crmFollower ? lead.crmFollower : null;
  const duplicate = hasDuplicateRemark(lead.remark);
  const assigned = receiver !== null || duplicate;
  const pushed = Boolean(lead.crmPushed);
  const pushState = isPushState(lead.crmPushState) ? lead.crmPushState : pushed ? LeadPushState.Delivered : null;
  return {
    receiver,
    receiverText: receiver ?? (duplicate ? LeadReceiverText.InCrm : LeadReceiverText.NotAssigned),
    assigned,
    pushState,
    pushLabel: pushState === null ? null : LEAD_PUSH_STATE_LABELS[pushState],
    canAssignManually: !assigned && !pushed && pushState !== LeadPushState.Pending && pushState !== LeadPushState.Delivered,
  };
}

/** A lead counts as assigned when it has a receiver, or its remark marks a CRM duplicate (leadState().assigned). */
export const isLeadAssigned = (lead: LeadStateInput): boolean => leadState(lead).assigned;

/** Manual assignment is offered (leadState().canAssignManually). */
export const canAssignManually = (lead: LeadStateInput): boolean => leadState(lead).canAssignManually;
