import { queryErrorMessage } from '@portal/api-client';
import { BATCH_DELETE_RELOAD_DELAY_MS, CommonMessage, LeadMessage, ReadStatus } from '@portal/contracts';
import { leadFamilyOf, PHONE_RECHECK_MAX, PhoneCheckText, type Lead, type LeadActionResult, type LeadFamily } from '@portal/contracts/leads';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { leadsApi } from '../../api/leadsApi';
import type { LeadsDispatch } from '../../app';
import {
  hasRemarkCall,
  LEAD_LIST_TAG,
  useChangeLeadsMutation,
  useRecheckPhonesMutation,
  useSaveLeadRemarkMutation,
  type LeadChange,
} from './leadListApi';
import { applyUnreadCounts } from './unreadCounter';

export interface LeadActions {
  toggleRead(lead: Lead): Promise<void>;
  /** Whether the lead's remark can be edited: its kind has a remark call. */
  canEditRemark(lead: Lead): boolean;
  saveRemark(lead: Lead, remark: string): Promise<boolean>;
  remove(lead: Lead): Promise<void>;
  /** Batch calls; each resolves true when the server took it (the caller clears the selection). */
  batchRead(leads: readonly Lead[]): Promise<boolean>;
  batchUnread(leads: readonly Lead[]): Promise<boolean>;
  batchDelete(leads: readonly Lead[]): Promise<boolean>;
  /**
   * 重新检测号码 (issue 24): the leads' numbers checked again in the background, at most
   * PHONE_RECHECK_MAX (more: PhoneCheckText.RecheckTooMany, nothing sent).
   */
  batchRecheckPhones(leads: readonly Lead[]): Promise<boolean>;
}

/** The ids of `leads` by the family whose calls act on them, in the order the families first appear. */
export function idsByFamily(leads: readonly Lead[]): Map<LeadFamily, number[]> {
  const groups = new Map<LeadFamily, number[]>();
  for (const lead of leads) {
    const family = leadFamilyOf(lead.listKind);
    groups.set(family, [...(groups.get(family) ?? []), lead.id]);
  }
  return groups;
}

/**
 * The lead actions of a list with the spec's messages (spec 001 section 8) and the shared unread
 * counters set to the server's new counts (spec 000 section 4). A list shows leads of several
 * kinds: each lead acts through its own kind's calls, a batch makes one call per family (each all
 * or nothing on the server; a failure stops the rest and says why). The list reloads after each
 * change; after a batch delete it reloads BATCH_DELETE_RELOAD_DELAY_MS (500 ms) later.
 */
export function useLeadActions(): LeadActions {
  const { message } = App.useApp();
  const dispatch = useDispatch<LeadsDispatch>();
  const [changeLeads] = useChangeLeadsMutation();
  const [saveRemark] = useSaveLeadRemarkMutation();
  const [recheckPhones] = useRecheckPhonesMutation();
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  /** Runs the calls one after another; shows `success` and takes the last counts, or shows the first failure's text. */
  const act = async (calls: ReadonlyArray<() => { unwrap(): Promise<LeadActionResult> }>, success: string, failure: string) => {
    try {
      for (const call of calls) applyUnreadCounts(await call().unwrap());
      message.success(success);
      return true;
    } catch (error) {
      message.error(queryErrorMessage(error, failure));
      return false;
    }
  };
  const change = (leads: readonly Lead[], what: LeadChange, batch = false, reload?: false) =>
    [...idsByFamily(leads)].map(
      ([family, ids]) =>
        () =>
          changeLeads({ family, change: what, ids, batch, ...(reload === false ? { reload } : {}) }),
    );

  return {
    async toggleRead(lead) {
      await act(change([lead], lead.readStatus !== ReadStatus.Read ? 'read' : 'unread'), LeadMessage.ReadSucceeded, LeadMessage.ReadFailed);
    },
    canEditRemark: (lead) => hasRemarkCall(leadFamilyOf(lead.listKind)),
    async saveRemark(lead, remark) {
      const family = leadFamilyOf(lead.listKind);
      if (!hasRemarkCall(family)) return false;
      return act([() => saveRemark({ family, id: lead.id, remark })], LeadMessage.RemarkSucceeded, LeadMessage.RemarkFailed);
    },
    async remove(lead) {
      await act(change([lead], 'delete'), LeadMessage.DeleteSucceeded, LeadMessage.DeleteFailed);
    },
    batchRead: (leads) => act(change(leads, 'read', true), LeadMessage.ReadSucceeded, LeadMessage.ReadFailed),
    batchUnread: (leads) => act(change(leads, 'unread', true), LeadMessage.ReadSucceeded, LeadMessage.ReadFailed),
    async batchDelete(leads) {
      const done = await act(change(leads, 'delete', true, false), LeadMessage.DeleteSucceeded, LeadMessage.DeleteFailed);
      if (done) {
        if (reloadTimer.current) clearTimeout(reloadTimer.current);
        reloadTimer.current = setTimeout(() => {
          reloadTimer.current = null;
          dispatch(leadsApi.util.invalidateTags([LEAD_LIST_TAG, 'LeadSummary']));
        }, BATCH_DELETE_RELOAD_DELAY_MS);
      }
      return done;
    },
    async batchRecheckPhones(leads) {
      if (leads.length === 0 || leads.length > PHONE_RECHECK_MAX) {
        message.warning(leads.length === 0 ? PhoneCheckText.RecheckNone : PhoneCheckText.RecheckTooMany);
        return false;
      }
      try {
        const { queued } = await recheckPhones(leads.map((lead) => lead.id)).unwrap();
        message.success(PhoneCheckText.recheckQueued(queued));
        return true;
      } catch (error) {
        // The server's reason: no checker configured, none of the leads the customer's (所选线索不存在).
        message.error(queryErrorMessage(error, CommonMessage.OperationFailed));
        return false;
      }
    },
  };
}
