import { Route, Routes } from 'react-router-dom';
import { WorkbenchPage } from './features/workbench/WorkbenchPage';
import { ReportsPath } from './routes';

// The workbench is where every login lands, so it is part of the remote's exposed ./app module rather than a
// lazy chunk: a lazy page would be fetched only after the mount and would show its Suspense
// fallback for React's minimum of 300 ms. Later, rarer pages (statements) can be lazy.

/** The remote's pages. Outside its paths (while single-spa is switching apps) it renders nothing. */
export function ReportsRoutes() {
  return (
    <Routes>
      <Route path={ReportsPath.Workbench} element={<WorkbenchPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
