import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from '@portal/design-system';
import { HELP_ARTICLE_ROUTE, PublicPath } from './routes';

// Each page is its own chunk, fetched when its path is first opened.
const StrategySurveyPage = lazy(() => import('./features/strategy-survey/StrategySurveyPage'));
const HelpCentrePage = lazy(() => import('./features/help/HelpCentrePage'));

/** The remote's framed pages; outside its paths (while single-spa is switching apps) it renders nothing. */
export function PublicRoutes() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route path={PublicPath.StrategySurvey} element={<StrategySurveyPage />} />
        <Route path={PublicPath.Help} element={<HelpCentrePage />} />
        <Route path={HELP_ARTICLE_ROUTE} element={<HelpCentrePage />} />
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
