import { LoadingState } from '@portal/design-system';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { WorkbenchPage } from './features/workbench/WorkbenchPage';
import { ReportsPath } from './routes';

// The workbench is where every login lands, so it is part of the remote's exposed ./app module rather than a
// lazy chunk: a lazy page would be fetched only after the mount and would show its Suspense
// fallback for React's minimum of 300 ms. The report pages are rarer: each is its own chunk, and
// the analysis pages alone pull in the chart library.
const ReceiveListPage = lazy(() => import('./features/receive-list/ReceiveListPage'));
const DailyStatementPage = lazy(() => import('./features/daily-statement/DailyStatementPage'));
const PromoteDataPage = lazy(() => import('./features/promote-data/PromoteDataPage'));
const BalanceCenterPage = lazy(() => import('./features/balance-center/BalanceCenterPage'));
const PaymentRecordPage = lazy(() => import('./features/payment-record/PaymentRecordPage'));
const ExpensesRecordPage = lazy(() => import('./features/expenses-record/ExpensesRecordPage'));
const IntelAnalysisPage = lazy(() => import('./features/intel-analysis/IntelAnalysisPage'));
const KeywordAnalysisPage = lazy(() => import('./features/keyword-analysis/KeywordAnalysisPage'));

/** The remote's pages. Outside its paths (while single-spa is switching apps) it renders nothing. */
export function ReportsRoutes() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route path={ReportsPath.Workbench} element={<WorkbenchPage />} />
        <Route path={ReportsPath.ReceiveList} element={<ReceiveListPage group="smart" />} />
        <Route path={ReportsPath.CpcReceiveList} element={<ReceiveListPage group="cpc" />} />
        <Route path={ReportsPath.DailyStatement} element={<DailyStatementPage group="smart" />} />
        <Route path={ReportsPath.CpcDailyStatement} element={<DailyStatementPage group="cpc" />} />
        <Route path={ReportsPath.PromoteData} element={<PromoteDataPage />} />
        <Route path={ReportsPath.BalanceCenter} element={<BalanceCenterPage />} />
        <Route path={ReportsPath.PaymentRecord} element={<PaymentRecordPage />} />
        <Route path={ReportsPath.ExpensesRecord} element={<ExpensesRecordPage />} />
        <Route path={ReportsPath.IntelAnalysis} element={<IntelAnalysisPage />} />
        <Route path={ReportsPath.KeywordAnalysis} element={<KeywordAnalysisPage />} />
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
