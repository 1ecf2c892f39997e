import { AcceptGroupsDialog } from '@portal/design-system';
import { Button } from 'antd';
import { useState } from 'react';
import { useAcceptGroupsQuery, useSaveAcceptGroupsMutation } from '../../api/scheduleCalls';
import type { ScheduleTarget } from '../schedule/target';
import { GroupsText } from './texts';

export interface AcceptGroupsButtonProps {
  /** Not read: the groups are the customer's, for every CRM, project and day. */
  target: ScheduleTarget;
}

/** 接收组管理: the design system's dialog over the customer's accept groups, asked afresh on each opening. */
export function AcceptGroupsButton(_props: AcceptGroupsButtonProps) {
  const [open, setOpen] = useState(false);
  const groups = useAcceptGroupsQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const [saveGroups, saving] = useSaveAcceptGroupsMutation();
  return (
    <>
      <Button onClick={() => setOpen(true)}>{GroupsText.Manage}</Button>
      <AcceptGroupsDialog
        open={open}
        groups={groups}
        save={(body) => saveGroups({ body }).unwrap()}
        saving={saving.isLoading}
        onClose={() => setOpen(false)}
        hint={GroupsText.Hint}
        deleteHint={GroupsText.DeleteHint}
      />
    </>
  );
}
