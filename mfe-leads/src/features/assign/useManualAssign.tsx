import { AssignResourceType, CommonMessage, LeadMessage } from '@portal/contracts';
import { type Lead, type ResourceRef } from '@portal/contracts/leads';
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { AssignDialog, type AssignDialogMode } from './AssignDialog';
import { assignFailedMessage, pushSucceededMessage } from './assignMessages';
import { useAssignByThirdPushMutation, useLazyGetAssignModeQuery } from './assignApi';

export interface ManualAssign {
  /** Assigns these leads in the customer's mode: a dialog (1 user, 2 channel source) or a confirmed push (3). */
  start: (leads: readonly Pick<Lead, 'id' | 'tableName'>[]) => Promise<void>;
  /** Render it once in the page. */
  dialog: ReactNode;
}

interface Pending {
  mode: AssignDialogMode;
  resourceList: ResourceRef[];
}

/**
 * Manual assignment as the server's assign resource type says (spec 000 section 4): 1 pick a user,
 * 2 pick a channel source, 3 push to the third party after '确定操作？' with no dialog; any
 * other answer, or none, assigns by user. `onAssigned` runs after the server took it.
 */
export function useManualAssign(onAssigned: () => void = () => undefined): ManualAssign {
  const { message, modal } = App.useApp();
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const [loadMode] = useLazyGetAssignModeQuery();
  const [push] = useAssignByThirdPushMutation();

  const start: ManualAssign['start'] = async (leads) => {
    const resourceList = leads.map(({ id, tableName }) => ({ id, tableName }) as ResourceRef);
    let mode: number = AssignResourceType.User;
    try {
      mode = await loadMode(undefined, true).unwrap();
    } catch {
      // Spec: otherwise user-based.
    }
    if (mode === AssignResourceType.ThirdPartyPush) {
      modal.confirm({
        title: LeadMessage.ConfirmOperation,
        onOk: async () => {
          try {
            const answer = await push({ resourceList }).unwrap();
            message.success(pushSucceededMessage(answer.message));
            onAssigned();
          } catch (error) {
            message.error(assignFailedMessage(error));
          }
        },
        onCancel: () => {
          message.info(CommonMessage.OperationCancelled);
        },
      });
      return;
    }
    setPending({ mode: mode === AssignResourceType.ChannelSource ? AssignResourceType.ChannelSource : AssignResourceType.User, resourceList });
    setOpen(true);
  };

  const dialog = pending ? (
    <AssignDialog
      open={open}
      mode={pending.mode}
      resourceList={pending.resourceList}
      onClose={() => setOpen(false)}
      onAssigned={() => {
        setOpen(false);
        onAssigned();
      }}
    />
  ) : null;

  return { start, dialog };
}
