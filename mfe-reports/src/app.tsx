import { remoteLifecycles } from '@portal/design-system';
import { ReportsRoot } from './ReportsRoot';
import { ReportsText } from './texts';

// The shell mounts this remote as the single-spa app 'reports' into its frame's content area.
export const { bootstrap, mount, unmount } = remoteLifecycles(ReportsRoot, ReportsText.RootFailed);
