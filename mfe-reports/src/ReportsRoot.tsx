import { AppErrorBoundary, DesignSystemProvider } from '@portal/design-system';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ReportsRoutes } from './ReportsRoutes';
import { createReportsStore, type ReportsStore } from './store';

const REPORTS_FAILED = '报表模块出现异常，请重试；如果仍然出错，请刷新页面。';

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
          <AppErrorBoundary appName="reports" subTitle={REPORTS_FAILED}>
            <ReportsRoutes />
          </AppErrorBoundary>
        </BrowserRouter>
      </Provider>
    </DesignSystemProvider>
  );
}
