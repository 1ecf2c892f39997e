import { LoadingState } from '@portal/design-system';
import type { ReactNode } from 'react';
import { isRemoteSkewError } from '../federation/sharedSkew';
import { createRoot } from 'react-dom/client';
import { ShellProviders } from '../app/ShellProviders';
import type { RemoteFallbackUi } from './remoteApplication';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import { RemoteText } from './texts';

/**
 * Renders shell UI into a remote's container in its own child element and React root, so that the
 * remote's own root (created on the container itself) never meets it. Returns the remover.
 */
function renderInto(container: HTMLElement, node: ReactNode, marker: string): () => void {
  const host = document.createElement('div');
  host.dataset.shellFallback = marker;
  container.appendChild(host);
  const root = createRoot(host);
  root.render(<ShellProviders>{node}</ShellProviders>);
  return () => {
    root.unmount();
    host.remove();
  };
}

export const remoteFallbackUi: RemoteFallbackUi = {
  showLoading: (container) => renderInto(container, <LoadingState description={RemoteText.Loading} minHeight={320} />, 'loading'),
  showFailure: (container, remote, retry, error) => {
    const reason = isRemoteSkewError(error)
      ? {
          title: RemoteText.skewTitle(remote.label),
          hint: RemoteText.skewHint(
            error.problems.map((problem) => `${problem.name} ${problem.remoteVersion}`),
            error.problems.map((problem) => `${problem.name} ${problem.hostVersion}`),
          ),
        }
      : undefined;
    return renderInto(container, <RemoteErrorPanel label={remote.label} onRetry={retry} reason={reason} />, 'failure');
  },
};
