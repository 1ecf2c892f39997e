import { dialogOf, openedByDialogLink, searchWithDialog } from '@portal/contracts';
import { type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** What a remote's dialog gets: how to close it (the address then no longer names it). */
export interface RemoteDialogProps {
  onClose: () => void;
}

/** A remote's dialogs by the name its declaration gives them (`dialogs`, REMOTE_DIALOGS). */
export type RemoteDialogs = Readonly<Record<string, ComponentType<RemoteDialogProps>>>;

/**
 * The dialog the address names (`?dialog=<name>`), drawn over whatever page is shown, when it is one
 * of this remote's. The shell mounts the remote while the address names one of its dialogs (see
 * the shell's registerRemoteApps). Closing goes back one entry when a link of the portal opened it
 * (DIALOG_LINK_STATE), else it takes the dialog off the address.
 */
export function RemoteDialogOutlet({ dialogs }: { dialogs: RemoteDialogs }) {
  const location = useLocation();
  const navigate = useNavigate();
  const name = dialogOf(location.search);
  const Dialog = name !== null && Object.hasOwn(dialogs, name) ? dialogs[name] : null;
  if (!Dialog) return null;
  const close = () => {
    if (openedByDialogLink(location.state)) navigate(-1);
    else navigate({ pathname: location.pathname, search: searchWithDialog(location.search, null), hash: location.hash }, { replace: true });
  };
  return <Dialog key={name} onClose={close} />;
}
