import { AcceptGroupsDialog } from '@portal/design-system';
import { type AcceptGroup, useGetAcceptGroupsQuery, useSaveAcceptGroupsMutation } from '../field-mapping/mappingApi';
import { GroupsText } from './texts';

export interface AcceptGroupsModalProps {
  open: boolean;
  onClose: () => void;
  /** The list was saved: the groups there are now. */
  onSaved?: (groups: AcceptGroup[]) => void;
}

/** The accept groups (接收组) the rule rows send leads to: the design system's dialog over this remote's calls. */
export function AcceptGroupsModal({ open, onClose, onSaved }: AcceptGroupsModalProps) {
  const groups = useGetAcceptGroupsQuery();
  const [saveGroups, saving] = useSaveAcceptGroupsMutation();
  return (
    <AcceptGroupsDialog
      open={open}
      groups={groups}
      save={(body) => saveGroups(body).unwrap()}
      saving={saving.isLoading}
      onClose={onClose}
      onSaved={onSaved}
      deleteHint={GroupsText.DeleteHint}
    />
  );
}
