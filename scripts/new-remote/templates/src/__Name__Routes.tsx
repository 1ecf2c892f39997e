import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from '@portal/design-system';
import { __Name__Path } from './routes';

// Each page is its own chunk, fetched when its path is first opened.
const HomePage = lazy(() => import('./features/home/HomePage'));

/** The remote's pages; outside its paths (while single-spa is switching apps) it renders nothing. */
export function __Name__Routes() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route path={__Name__Path.Home} element={<HomePage />} />
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
