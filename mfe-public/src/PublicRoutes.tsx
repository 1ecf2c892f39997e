import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from '@portal/design-system';
import { PublicPath } from './routes';

// Each page is its own chunk, fetched when its path is first opened.
const StrategySurveyPage = lazy(() => import('./features/strategy-survey/StrategySurveyPage'));

/** The remote's framed pages; outside its paths (while single-spa is switching apps) it renders nothing. */
export function PublicRoutes() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route path={PublicPath.StrategySurvey} element={<StrategySurveyPage />} />
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
