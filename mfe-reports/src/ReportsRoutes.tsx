import { LoadingState } from '@portal/design-system';
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ReportsPath } from './routes';

// Each page is its own chunk: /work-bench never downloads the code of the statement pages.
const WorkbenchPage = lazy(() =>
  import('./features/workbench/WorkbenchPage').then((module) => ({ default: module.WorkbenchPage })),
);

/** The remote's pages. Outside its paths (while single-spa is switching apps) it renders nothing. */
export function ReportsRoutes() {
  return (
    <Suspense fallback={<LoadingState minHeight={400} />}>
      <Routes>
        <Route path={ReportsPath.Workbench} element={<WorkbenchPage />} />
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
