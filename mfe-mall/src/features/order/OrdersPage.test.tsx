import { fireEvent, screen, waitFor } from '@testing-library/react';
import { codeOk, installMallHttp, lastRequest, renderMall, tableRows, type FakeHttp } from '../../test/renderMall';
import { order } from '../../test/fixtures';
import OrdersPage from './OrdersPage';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
});
afterEach(() => http.restore());

test('lists the orders: code linking its detail, good, market price, points, amount, status and time', async () => {
  http.on('GET /customer/mall/orders', codeOk([order(2, 2), order(1, 1, { goodMaxMarketPrice: 9_900, amount: 1, consumeScore: 4_000 })]));
  renderMall(<OrdersPage />, '/my-order');
  expect(await screen.findByRole('link', { name: 'MO20261128002' })).toHaveAttribute('href', '/2/order-details');
  expect(tableRows().map((row) => row.slice(1, 8))).toEqual([
    ['定制保温杯', '¥99.00-129.00', '4000', '2', '8000', '待收货', '2026-11-28 10:00:00'],
    ['定制保温杯', '¥99.00', '4000', '1', '4000', '待发货', '2026-11-28 10:00:00'],
  ]);
});

test('a status asks the server for its orders and is kept in the address; none says 暂无订单', async () => {
  http.on('GET /customer/mall/orders', codeOk([order(1, 1)]));
  renderMall(<OrdersPage />, '/my-order');
  await screen.findByRole('link', { name: 'MO20261128001' });
  http.on('GET /customer/mall/orders', codeOk([]));
  fireEvent.click(screen.getByText('已完成'));
  expect(await screen.findByText('暂无订单')).toBeInTheDocument();
  await waitFor(() => expect(lastRequest(http, '/customer/mall/orders').query).toMatchObject({ status: '3', page: '1' }));
  expect(window.location.search).toContain('status=3');
});
