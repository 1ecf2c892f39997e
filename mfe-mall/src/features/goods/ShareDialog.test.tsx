import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { codeOk, installMallHttp, renderMall, type FakeHttp } from '../../test/renderMall';
import { ShareDialog } from './ShareDialog';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
  http.on('POST /customer/mall/tasks/share', codeOk({ key: 'share', points: 5, status: 1 }));
});
afterEach(() => http.restore());

const LINK = 'http://localhost/shopping-details?id=7';

test('复制链接 copies the link and completes the share task of the good of the page', async () => {
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  renderMall(<ShareDialog open url={LINK} onClose={() => undefined} />, '/shopping-details?id=7');
  const dialog = await screen.findByRole('dialog', { name: '分享商品' });
  expect(http.requestsTo('/customer/mall/tasks/share')).toEqual([]);
  fireEvent.click(within(dialog).getByRole('button', { name: '复制链接' }));
  expect(await screen.findByText('复制成功')).toBeInTheDocument();
  expect(writeText).toHaveBeenCalledWith(LINK);
  await waitFor(() => expect(http.requestsTo('/customer/mall/tasks/share', 'POST')).toHaveLength(1));
  const [request] = http.requestsTo('/customer/mall/tasks/share', 'POST');
  expect(request.body).toEqual({ goodId: 7 });
  expect(request.headers['X-Requested-With'] ?? request.headers['x-requested-with']).toBe('XMLHttpRequest');
});

test('a copy that fails completes nothing', async () => {
  Object.assign(navigator, { clipboard: { writeText: jest.fn(async () => Promise.reject(new Error('denied'))) } });
  renderMall(<ShareDialog open url={LINK} onClose={() => undefined} />, '/shopping-details?id=7');
  const dialog = await screen.findByRole('dialog', { name: '分享商品' });
  fireEvent.click(within(dialog).getByRole('button', { name: '复制链接' }));
  expect(await screen.findByText('复制失败，请手动复制')).toBeInTheDocument();
  expect(http.requestsTo('/customer/mall/tasks/share')).toEqual([]);
});
