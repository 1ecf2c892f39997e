import { AppErrorBoundary, DesignSystemProvider } from '@portal/design-system';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ReportsRoutes } from './ReportsRoutes';
import { createReportsStore, type ReportsStore } from './store';
import { ReportsText } from './texts';

export interface ReportsRootProps {
  /** Tests and stories pass their own; by default each mount makes a fresh store. */
  store?: ReportsStore;
}

/** Everything the remote renders, inside the shell's frame or alone (standalone harness). */
export function ReportsRoot({ store: givenStore }: ReportsRootProps) {
  const [store] = useState(() => givenStore ?? createReportsStore());
  return (
    <DesignSystemProvider>
      <Provider store={store}>
        {/* The browser's own history, shared with the shell and single-spa. */}
        <BrowserRouter>
          <AppErrorBoundary appName="reports" subTitle={ReportsText.PageFailed}>
            <ReportsRoutes />
          </AppErrorBoundary>
        </BrowserRouter>
      </Provider>
    </DesignSystemProvider>
  );
}
