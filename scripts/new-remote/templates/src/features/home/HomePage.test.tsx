import { fireEvent, screen } from '@testing-library/react';
import { button, codeOk, install__Name__Http, refused, render__Name__, USER, type FakeHttp } from '../../test/render__Name__';
import HomePage from './HomePage';

let http: FakeHttp;
beforeEach(() => {
  http = install__Name__Http();
});
afterEach(() => http.restore());

test('shows the logged-in account under the page title', async () => {
  http.on('GET /customer/user-info', codeOk(USER));
  render__Name__(<HomePage />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('__label__');
  expect(await screen.findByText('当前账号：demo')).toBeInTheDocument();
});

test("a failed call shows the server's reason with 重试, which asks again", async () => {
  http.on('GET /customer/user-info', refused('服务器开小差了，请稍后再试', 500));
  render__Name__(<HomePage />);
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();

  http.on('GET /customer/user-info', codeOk(USER));
  fireEvent.click(button('重试'));
  expect(await screen.findByText('当前账号：demo')).toBeInTheDocument();
  expect(http.requestsTo('/customer/user-info')).toHaveLength(2);
});
