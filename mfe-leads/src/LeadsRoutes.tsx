import { LoadingState } from '@portal/design-system';
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LeadsPath } from './routes';

// Each page is its own chunk (the lists share the lead-list chunk).
const FeedbackPage = lazy(() => import('./features/feedback/FeedbackPage').then((module) => ({ default: module.FeedbackPage })));
const InfoListPage = lazy(() => import('./features/info-list/InfoListPage').then((module) => ({ default: module.InfoListPage })));
const BaiListPage = lazy(() => import('./features/bai-list/BaiListPage').then((module) => ({ default: module.BaiListPage })));
const ResourcePage = lazy(() => import('./features/resource/ResourcePage').then((module) => ({ default: module.ResourcePage })));
const FormListPage = lazy(() => import('./features/form-list/FormListPage').then((module) => ({ default: module.FormListPage })));
const ChatPage = lazy(() => import('./features/chat/ChatPage').then((module) => ({ default: module.ChatPage })));
const FeedbackDetailPage = lazy(() =>
  import('./features/feedback-detail/FeedbackDetailPage').then((module) => ({ default: module.FeedbackDetailPage })),
);

/** The remote's pages. Outside its paths (while single-spa is switching apps) it renders nothing. */
export function LeadsRoutes() {
  return (
    <Suspense fallback={<LoadingState minHeight={400} />}>
      <Routes>
        <Route path={LeadsPath.Feedback} element={<FeedbackPage />} />
        <Route path={LeadsPath.InfoList} element={<InfoListPage />} />
        <Route path={LeadsPath.BaiList} element={<BaiListPage />} />
        <Route path={LeadsPath.Resource} element={<ResourcePage />} />
        <Route path={LeadsPath.FormList} element={<FormListPage />} />
        <Route path={LeadsPath.FeedbackDetail} element={<FeedbackDetailPage />} />
        <Route path={LeadsPath.OnlineChat} element={<ChatPage />} />
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
