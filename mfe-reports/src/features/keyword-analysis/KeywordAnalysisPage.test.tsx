import type { FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { installFakeIntersectionObserver, type FakeIntersection } from '@portal/design-system';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { button, findElement, installReportHttp, lastRequest, pick, renderReport, SERVER_ERROR } from '../../test/renderReport';
import KeywordAnalysisPage from './KeywordAnalysisPage';

const PATH = '/customer/report/analysis/keywords';
const answer = (top: number) => ({
  startTime: '2026-02-01',
  endTime: '2026-03-02',
  total: 100,
  top,
  slices: [
    { name: '加盟', value: 60 },
    { name: '奶茶', value: 30 },
    { name: '其他', value: 10 },
  ],
});

let http: FakeHttp;
let io: FakeIntersection;
beforeEach(() => {
  io = installFakeIntersectionObserver();
  http = installReportHttp();
  http.on(`GET ${PATH}`, (request) => ({ body: answer(Number(request.query.top)) }));
});
afterEach(() => {
  http.restore();
  io.restore();
});

const today = dayjs(chinaToday());
const rows = () =>
  [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

test('the keywords of the last 30 days, top 10, as a pie and a table; 其他 has no rank; top 15 asks again', async () => {
  renderReport(<KeywordAnalysisPage />, '/keyword-analysis');
  await findElement('[data-testid="slice-block-开屏关键词"]');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('开屏关键词分析');
  expect(lastRequest(http, PATH).query).toEqual({
    startTime: today.subtract(29, 'day').format('YYYY-MM-DD'),
    endTime: today.format('YYYY-MM-DD'),
    top: '10',
  });
  expect(rows()).toEqual([
    ['1', '加盟', '60', '60%'],
    ['2', '奶茶', '30', '30%'],
    ['', '其他', '10', '10%'],
  ]);
  expect(document.querySelector('figure [role="img"]')).toHaveAccessibleName(/^开屏关键词：饼图，共3项/);

  fireEvent.mouseDown(screen.getByLabelText('显示条数'));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(4));
  fireEvent.click(document.querySelectorAll<HTMLElement>('.ant-select-item-option')[2]);
  await waitFor(() => expect(lastRequest(http, PATH).query.top).toBe('15'));
});

test('the keywords of one project: the picker lists every project and asks for the one chosen', async () => {
  renderReport(<KeywordAnalysisPage />, '/keyword-analysis');
  await findElement('[data-testid="slice-block-开屏关键词"]');
  await pick('项目', '全国加盟项目');
  await waitFor(() => expect(lastRequest(http, PATH).query.itemId).toBe('11'));
  expect(lastRequest(http, PATH).query.top).toBe('10');
});

test("the pie and its table give each keyword the same share of the grand total; the pie's 其他 is everything outside its slices", async () => {
  // The server's top 10 and 其他 (every other keyword): 280 leads in all.
  const top = [39, 30, 25, 20, 18, 15, 13, 12, 10, 8].map((value, i) => ({ name: `关键词${i + 1}`, value }));
  const other = 280 - top.reduce((sum, slice) => sum + slice.value, 0);
  http.on(`GET ${PATH}`, { body: { ...answer(10), total: 280, slices: [...top, { name: '其他', value: other }] } });
  renderReport(<KeywordAnalysisPage />, '/keyword-analysis');
  await findElement('[data-testid="slice-block-开屏关键词"]');
  const table = new Map(rows().map(([, name, , share]) => [name, share]));
  expect(table.get('关键词7')).toBe('4.6%'); // 13 of 280, never 13 of the slices shown
  const pie = [...document.querySelectorAll('figure[data-chart="pie"] tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
  expect(pie).toHaveLength(8);
  for (const [name, , share] of pie.slice(0, 7)) expect({ name, share }).toEqual({ name, share: table.get(name!) });
  // 其他 of the pie: the keywords ranked 8 to 10 and every other keyword (the server's 其他).
  expect(pie[7]).toEqual(['其他', String(12 + 10 + 8 + other), `${Number((((12 + 10 + 8 + other) / 280) * 100).toFixed(1))}%`]);
  expect(document.querySelector('figure [role="img"]')).toHaveAccessibleName(/^开屏关键词：饼图，共8项，合计280/);
});

test('a bad top in the URL falls back to 10; no keywords shows 暂无数据', async () => {
  http.on(`GET ${PATH}`, { body: { ...answer(10), total: 0, slices: [] } });
  renderReport(<KeywordAnalysisPage />, '/keyword-analysis?top=7&startTime=2026-03-01&endTime=2026-03-05');
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  expect(lastRequest(http, PATH).query).toEqual({ startTime: '2026-03-01', endTime: '2026-03-05', top: '10' });
});

test('a failed call shows the server message with 重试, which asks again', async () => {
  http.on(`GET ${PATH}`, SERVER_ERROR);
  renderReport(<KeywordAnalysisPage />, '/keyword-analysis');
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  http.on(`GET ${PATH}`, { body: answer(10) });
  fireEvent.click(button('重试'));
  await findElement('[data-testid="slice-block-开屏关键词"]');
  expect(http.requestsTo(PATH)).toHaveLength(2);
});
