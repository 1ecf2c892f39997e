import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { codeOk, installMallHttp, refused, renderMall, type FakeHttp } from '../../test/renderMall';
import { order } from '../../test/fixtures';
import OrderDetailPage from './OrderDetailPage';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
});
afterEach(() => http.restore());

const renderAt = (path: string) =>
  renderMall(
    <Routes>
      <Route path="/:id/order-details" element={<OrderDetailPage />} />
    </Routes>,
    path,
  );

test('a shipped order shows its receiver and the courier events, newest first', async () => {
  http.on(
    'GET /customer/mall/orders/5',
    codeOk({
      ...order(5, 2),
      express: {
        companyCode: '顺丰速运',
        code: 'SF1234567890',
        // The server lists the events newest first.
        list: [
          { time: '2026-11-29 08:30:00', context: '运输中，到达杭州转运中心' },
          { time: '2026-11-28 12:00:00', context: '已揽收' },
        ],
      },
    }),
  );
  renderAt('/5/order-details');
  expect(await screen.findByText('MO20261128005')).toBeInTheDocument();
  expect(screen.getByText('待收货')).toBeInTheDocument();
  expect(screen.getByText('浙江省 杭州市 西湖区 北山街道 文三路1号')).toBeInTheDocument();
  expect(screen.getByText(/快递公司：顺丰速运 快递单号：SF1234567890/)).toBeInTheDocument();
  const events = screen.getAllByText(/^2026-11-2\d [\d:]+ \S/).map((element) => element.textContent);
  expect(events).toEqual(['2026-11-29 08:30:00 运输中，到达杭州转运中心', '2026-11-28 12:00:00 已揽收']);
});

test("an order not shipped yet says 暂无物流信息; another customer's order is not found", async () => {
  http.on('GET /customer/mall/orders/6', codeOk({ ...order(6, 1), express: null }));
  const { unmount } = renderAt('/6/order-details');
  expect(await screen.findByText('暂无物流信息，商品发货后可在此查看物流跟踪')).toBeInTheDocument();
  unmount();
  http.on('GET /customer/mall/orders/9', refused('订单不存在', 404));
  renderAt('/9/order-details');
  expect(await screen.findByText('订单不存在')).toBeInTheDocument();
});
