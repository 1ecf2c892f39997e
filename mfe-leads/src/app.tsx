import { remoteLifecycles } from '@portal/design-system';
import { LeadsRoot } from './LeadsRoot';
import { LeadsText } from './texts';

// The shell mounts this remote as the single-spa app 'leads' into its frame's content area.
export const { bootstrap, mount, unmount } = remoteLifecycles(LeadsRoot, LeadsText.RootFailed);
