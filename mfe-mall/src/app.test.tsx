import { screen, within } from '@testing-library/react';
import * as app from './app';
import { remote } from './remote';
import { good, SUMMARY } from './test/fixtures';
import { codeOk, installMallHttp, mountRemoteForTest, type FakeHttp } from './test/renderMall';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
  http.on('GET /customer/mall/points', codeOk(SUMMARY));
  http.on('GET /customer/mall/goods', codeOk([good(1, 1, '定制保温杯')]));
});
afterEach(() => http.restore());

test('single-spa mounts the remote into the element the shell gives, and unmounts it', async () => {
  const mounted = await mountRemoteForTest(app, 'mall', '/shopping-mall');
  expect(await within(mounted.frame).findByRole('heading', { level: 1 })).toHaveTextContent('积分商城');
  expect(await within(mounted.frame).findByText('定制保温杯')).toBeInTheDocument();
  await mounted.unmount();
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
});

test('the declaration: the mall home and the points log; the 积分商城 menu entry and the wallet entries on the brands with them', () => {
  expect(remote).toEqual({
    name: 'mall',
    label: '积分商城',
    routes: [
      '/shopping-mall',
      '/channel-credit',
      '/shop-address',
      '/shopping-details',
      '/confirm-order',
      '/my-order',
      '/:id/order-details',
      '/task-wall',
    ],
    menu: [{ group: 'mall', label: '积分商城', path: '/shopping-mall', icon: 'mall', order: 0, feature: 'pointsMall' }],
    wallet: [
      { label: '积分', path: '/channel-credit', order: 0, figure: 'points', feature: 'points' },
      { label: '商城订单', path: '/my-order', order: 40, feature: 'shopOrders' },
    ],
  });
});
