import { AppErrorBoundary, DesignSystemProvider } from '@portal/design-system';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { LeadsRoutes } from './LeadsRoutes';
import { createLeadsStore, type LeadsStore } from './store';
import { LeadsText } from './texts';

export interface LeadsRootProps {
  /** Tests and stories pass their own; by default each mount makes a fresh store. */
  store?: LeadsStore;
}

/** Everything the remote renders, inside the shell's frame or alone (standalone harness). */
export function LeadsRoot({ store: givenStore }: LeadsRootProps) {
  const [store] = useState(() => givenStore ?? createLeadsStore());
  return (
    <DesignSystemProvider>
      <Provider store={store}>
        {/* The browser's own history, shared with the shell and single-spa. */}
        <BrowserRouter>
          <AppErrorBoundary appName="leads" subTitle={LeadsText.PageFailed}>
            <LeadsRoutes />
          </AppErrorBoundary>
        </BrowserRouter>
      </Provider>
    </DesignSystemProvider>
  );
}
