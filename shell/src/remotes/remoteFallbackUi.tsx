import { LoadingState } from '@portal/design-system';
import type { ReactNode } from 'react';
import { isRemoteSkewError, type SkewProblem } from '../federation/sharedSkew';
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

/** `react 20.0.0`, once per package (react and react/jsx-runtime are one package), sorted. */
function packagesAt(problems: readonly SkewProblem[], side: 'remoteVersion' | 'hostVersion'): string[] {
  const packageOf = (name: string) =>
    name
      .split('/')
      .slice(0, name.startsWith('@') ? 2 : 1)
      .join('/');
  return [...new Set(problems.map((problem) => `${packageOf(problem.name)} ${problem[side]}`))].sort();
}

export const remoteFallbackUi: RemoteFallbackUi = {
  showLoading: (container) => renderInto(container, <LoadingState description={RemoteText.Loading} minHeight={320} />, 'loading'),
  showFailure: (container, remote, retry, error) => {
    const reason = isRemoteSkewError(error)
      ? {
          title: RemoteText.skewTitle(remote.label),
          hint: RemoteText.skewHint(packagesAt(error.problems, 'remoteVersion'), packagesAt(error.problems, 'hostVersion')),
        }
      : undefined;
    return renderInto(container, <RemoteErrorPanel label={remote.label} onRetry={retry} reason={reason} />, 'failure');
  },
};
