import { queryErrorMessage } from '@portal/api-client';
import { BATCH_DELETE_RELOAD_DELAY_MS, LeadMessage, ReadStatus } from '@portal/contracts';
import { type Lead, type LeadActionResult } from '@portal/contracts/leads';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { leadsApi } from '../../api/leadsApi';
import type { LeadsDispatch } from '../../app';
import type { LeadListDefinition } from './LeadListDefinition';
import {
  LEAD_LIST_TAG,
  useDeleteLeadMutation,
  useDeleteLeadsMutation,
  useMarkLeadReadMutation,
  useMarkLeadsReadMutation,
  useMarkLeadsUnreadMutation,
  useMarkLeadUnreadMutation,
  useSaveLeadRemarkMutation,
} from './leadListApi';
import { applyUnreadCounts } from './unreadCounter';

export interface LeadActions {
  toggleRead(lead: Lead): Promise<void>;
  saveRemark(lead: Lead, remark: string): Promise<boolean>;
  remove(lead: Lead): Promise<void>;
  /** Batch calls; each resolves true when the server took it (the caller clears the selection). */
  batchRead(leads: readonly Lead[]): Promise<boolean>;
  batchUnread(leads: readonly Lead[]): Promise<boolean>;
  batchDelete(leads: readonly Lead[]): Promise<boolean>;
}

const idsOf = (leads: readonly Lead[]): number[] => leads.map((lead) => lead.id);

/**
 * The lead actions of a list with the spec's messages (spec 001 section 8) and the shared unread
 * counters set to the server's new counts (spec 000 section 4). The list reloads after each
 * change; after a batch delete it reloads BATCH_DELETE_RELOAD_DELAY_MS (500 ms) later.
 */
export function useLeadActions({ family }: LeadListDefinition): LeadActions {
  const { message } = App.useApp();
  const dispatch = useDispatch<LeadsDispatch>();
  const [markRead] = useMarkLeadReadMutation();
  const [markUnread] = useMarkLeadUnreadMutation();
  const [deleteLead] = useDeleteLeadMutation();
  const [saveRemark] = useSaveLeadRemarkMutation();
  const [markManyRead] = useMarkLeadsReadMutation();
  const [markManyUnread] = useMarkLeadsUnreadMutation();
  const [deleteMany] = useDeleteLeadsMutation();
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  /** Runs a call; shows `success` and takes the server's counts, or shows the failure text. */
  const act = async (call: { unwrap(): Promise<LeadActionResult> }, success: string, failure: string) => {
    try {
      applyUnreadCounts(await call.unwrap());
      message.success(success);
      return true;
    } catch (error) {
      message.error(queryErrorMessage(error, failure));
      return false;
    }
  };

  return {
    async toggleRead(lead) {
      const call = lead.readStatus !== ReadStatus.Read ? markRead : markUnread;
      await act(call({ family, id: lead.id }), LeadMessage.ReadSucceeded, LeadMessage.ReadFailed);
    },
    saveRemark: (lead, remark) => act(saveRemark({ family, id: lead.id, remark }), LeadMessage.RemarkSucceeded, LeadMessage.RemarkFailed),
    async remove(lead) {
      await act(deleteLead({ family, id: lead.id }), LeadMessage.DeleteSucceeded, LeadMessage.DeleteFailed);
    },
    batchRead: (leads) => act(markManyRead({ family, ids: idsOf(leads) }), LeadMessage.ReadSucceeded, LeadMessage.ReadFailed),
    batchUnread: (leads) => act(markManyUnread({ family, ids: idsOf(leads) }), LeadMessage.ReadSucceeded, LeadMessage.ReadFailed),
    async batchDelete(leads) {
      const done = await act(deleteMany({ family, ids: idsOf(leads), reload: false }), LeadMessage.DeleteSucceeded, LeadMessage.DeleteFailed);
      if (done) {
        if (reloadTimer.current) clearTimeout(reloadTimer.current);
        reloadTimer.current = setTimeout(() => {
          reloadTimer.current = null;
          dispatch(leadsApi.util.invalidateTags([LEAD_LIST_TAG, 'LeadSummary']));
        }, BATCH_DELETE_RELOAD_DELAY_MS);
      }
      return done;
    },
  };
}
