import { queryErrorMessage, type AxiosQueryArgs } from '@portal/api-client';
import { BATCH_DELETE_RELOAD_DELAY_MS, LeadMessage, ReadStatus, type Lead } from '@portal/contracts';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { leadsApi } from '../../api/leadsApi';
import type { LeadsDispatch } from '../../app';
import type { LeadListDefinition } from './LeadListDefinition';
import { LEAD_LIST_TAG, useRunLeadActionMutation } from './leadListApi';
import { applyUnreadChange } from './unreadCounter';

export interface LeadActions {
  toggleRead(lead: Lead): Promise<void>;
  saveRemark(lead: Lead, remark: string): Promise<boolean>;
  remove(lead: Lead): Promise<void>;
  /** Batch calls; each resolves true when the server took it (the caller clears the selection). */
  batchRead(leads: readonly Lead[]): Promise<boolean>;
  batchUnread(leads: readonly Lead[]): Promise<boolean>;
  batchDelete(leads: readonly Lead[]): Promise<boolean>;
}

const unreadAmong = (leads: readonly Lead[]): number => leads.filter((lead) => lead.readStatus === ReadStatus.Unread).length;

/**
 * The lead actions of a list with the spec's messages (spec 001 section 8) and the shared unread
 * counter kept in step (spec 000 section 4). The list reloads after each change; after a batch
 * delete it reloads BATCH_DELETE_RELOAD_DELAY_MS (500 ms) later.
 */
export function useLeadActions({ calls, counter }: LeadListDefinition): LeadActions {
  const { message } = App.useApp();
  const dispatch = useDispatch<LeadsDispatch>();
  const [run] = useRunLeadActionMutation();
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  /** Runs a call; shows `success` or the failure text; moves the counter by `delta` unless the server gives the counts. */
  const act = async (args: AxiosQueryArgs, { success, failure, delta, reload = true }: { success: string; failure: string; delta: number; reload?: boolean }) => {
    try {
      const result = await run({ ...args, reload }).unwrap();
      applyUnreadChange(result, counter, delta);
      message.success(success);
      return true;
    } catch (error) {
      message.error(queryErrorMessage(error, failure));
      return false;
    }
  };

  const batchRead = (leads: readonly Lead[], read: boolean) =>
    act(calls.batch(read ? 'read' : 'unread', leads.map((lead) => lead.id)), {
      success: LeadMessage.ReadSucceeded,
      failure: LeadMessage.ReadFailed,
      delta: read ? -unreadAmong(leads) : leads.length - unreadAmong(leads),
    });

  return {
    async toggleRead(lead) {
      const read = lead.readStatus !== ReadStatus.Read;
      await act(read ? calls.read(lead.id) : calls.unread(lead.id), {
        success: LeadMessage.ReadSucceeded,
        failure: LeadMessage.ReadFailed,
        delta: read ? -1 : 1,
      });
    },
    saveRemark: (lead, remark) =>
      act(calls.remark(lead.id, remark), { success: LeadMessage.RemarkSucceeded, failure: LeadMessage.RemarkFailed, delta: 0 }),
    async remove(lead) {
      await act(calls.remove(lead.id), { success: LeadMessage.DeleteSucceeded, failure: LeadMessage.DeleteFailed, delta: -unreadAmong([lead]) });
    },
    batchRead: (leads) => batchRead(leads, true),
    batchUnread: (leads) => batchRead(leads, false),
    async batchDelete(leads) {
      const done = await act(calls.batch('delete', leads.map((lead) => lead.id)), {
        success: LeadMessage.DeleteSucceeded,
        failure: LeadMessage.DeleteFailed,
        delta: -unreadAmong(leads),
        reload: false,
      });
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
