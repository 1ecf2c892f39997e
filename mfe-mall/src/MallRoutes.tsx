import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from '@portal/design-system';
import { MallPath } from './routes';

// Each page is its own chunk, fetched when its path is first opened.
const MallHomePage = lazy(() => import('./features/goods/MallHomePage'));
const PointsLogPage = lazy(() => import('./features/points/PointsLogPage'));
const AddressPage = lazy(() => import('./features/address/AddressPage'));
const GoodDetailPage = lazy(() => import('./features/goods/GoodDetailPage'));
const ConfirmOrderPage = lazy(() => import('./features/order/ConfirmOrderPage'));
const OrdersPage = lazy(() => import('./features/order/OrdersPage'));
const OrderDetailPage = lazy(() => import('./features/order/OrderDetailPage'));
const TaskWallPage = lazy(() => import('./features/tasks/TaskWallPage'));

/** The remote's pages; outside its paths (while single-spa is switching apps) it renders nothing. */
export function MallRoutes() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route path={MallPath.Home} element={<MallHomePage />} />
        <Route path={MallPath.PointsLog} element={<PointsLogPage />} />
        <Route path={MallPath.Address} element={<AddressPage />} />
        <Route path={MallPath.GoodDetail} element={<GoodDetailPage />} />
        <Route path={MallPath.ConfirmOrder} element={<ConfirmOrderPage />} />
        <Route path={MallPath.Orders} element={<OrdersPage />} />
        <Route path={MallPath.OrderDetail} element={<OrderDetailPage />} />
        <Route path={MallPath.TaskWall} element={<TaskWallPage />} />
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
