import type { FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { installFakeIntersectionObserver, type FakeIntersection } from '@portal/design-system';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { button, findElement, installReportHttp, lastRequest, pick, renderReport, SERVER_ERROR } from '../../test/renderReport';
import IntelAnalysisPage from './IntelAnalysisPage';

const RANGE = { startTime: '2026-02-01', endTime: '2026-03-02' };
const REGION = {
  ...RANGE,
  total: 200,
  slices: [
    { name: '广东', value: 120 },
    { name: '江苏', value: 50 },
    { name: '浙江', value: 30 },
  ],
};
/** A top N as the server answers it: the provinces, then 其他 holding the rest of the 1000 search-engine leads. */
const provinces = (names: string[], top: number) => {
  const slices = names.map((name, i) => ({ name, value: (top - i) * 10 }));
  return [...slices, { name: '其他', value: 1000 - slices.reduce((sum, slice) => sum + slice.value, 0) }];
};
const SEARCH = (top: number) => ({
  ...RANGE,
  total: 1000,
  top,
  traffic: provinces(['广东', '江苏', '浙江', '山东', '河南', '四川', '湖北'], top),
  info: provinces(['北京', '上海'], top),
});
const PROJECT = {
  ...RANGE,
  total: 40,
  nature: [
    { name: '餐饮', value: 30 },
    { name: '教育', value: 10 },
  ],
  province: [{ name: '广东', value: 40 }],
};
const REGION_PATH = '/customer/report/analysis/region';
const SEARCH_PATH = '/customer/report/analysis/search-province';
const PROJECT_PATH = '/customer/report/analysis/project';

let http: FakeHttp;
let io: FakeIntersection;
beforeEach(() => {
  // Nothing scrolls into view in jsdom: the pies never load the chart library here.
  io = installFakeIntersectionObserver();
  http = installReportHttp();
  http.on(`GET ${REGION_PATH}`, { body: REGION });
  http.on(`GET ${SEARCH_PATH}`, (request) => ({ body: SEARCH(Number(request.query.top)) }));
  http.on(`GET ${PROJECT_PATH}`, { body: PROJECT });
});
afterEach(() => {
  http.restore();
  io.restore();
});

const today = dayjs(chinaToday());
const last30 = { startTime: today.subtract(29, 'day').format('YYYY-MM-DD'), endTime: today.format('YYYY-MM-DD') };

const block = (title: string) => screen.getByTestId(`slice-block-${title}`);
const rowsOf = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
const openTab = (label: string) => fireEvent.click(screen.getByRole('tab', { name: label }));

test('the region tab asks for the last 30 days and shows the pie and a table of the provinces', async () => {
  renderReport(<IntelAnalysisPage />, '/intel-analysis');
  const region = await findElement('[data-testid="slice-block-资源地域分布"]');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('数据分析');
  expect(lastRequest(http, REGION_PATH).query).toEqual(last30);
  expect(http.requestsTo(SEARCH_PATH)).toHaveLength(0);
  expect(rowsOf(region)).toEqual([
    ['1', '广东', '120', '60%'],
    ['2', '江苏', '50', '25%'],
    ['3', '浙江', '30', '15%'],
  ]);
  // The pie waits out of view; its summary names it already.
  const figure = region.querySelector('figure[data-chart="pie"]') as HTMLElement;
  expect(figure).not.toHaveAttribute('data-chart-ready');
  expect(within(figure).getByRole('img')).toHaveAccessibleName(/^资源地域分布：饼图，共3项，合计200/);
  // Only the province tab has a top-N choice.
  expect(screen.queryByLabelText('显示条数')).not.toBeInTheDocument();
});

test('the search-engine tab shows 精准流量来源 and 精准信息来源, top 10, in 500 px tables; top 15 asks again', async () => {
  renderReport(<IntelAnalysisPage />, '/intel-analysis?startTime=2026-03-01&endTime=2026-03-05');
  await findElement('[data-testid="slice-block-资源地域分布"]');
  openTab('搜索引擎省份分布');
  await findElement('[data-testid="slice-block-精准流量来源"]');
  expect(lastRequest(http, SEARCH_PATH).query).toEqual({ startTime: '2026-03-01', endTime: '2026-03-05', top: '10' });
  const traffic = block('精准流量来源');
  expect([...traffic.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent).filter(Boolean)).toEqual([
    '排名',
    '省份',
    '资源数',
    '占比',
  ]);
  expect(rowsOf(traffic)).toHaveLength(8);
  expect(rowsOf(traffic)[0]).toEqual(['1', '广东', '100', '10%']);
  expect(rowsOf(traffic)[7]).toEqual(['', '其他', '510', '51%']);
  expect(rowsOf(block('精准信息来源'))).toEqual([
    ['1', '北京', '100', '10%'],
    ['2', '上海', '90', '9%'],
    ['', '其他', '810', '81%'],
  ]);
  // The pie beside each table: the same slices, the same shares of the 1000.
  const pieRows = (container: HTMLElement) =>
    [...container.querySelectorAll('figure[data-chart="pie"] tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
  expect(pieRows(traffic)).toEqual(rowsOf(traffic).map(([, name, value, share]) => [name, value, share]));
  // A 500 px body with rows of 100 px: 5 rows show, the rest scroll.
  expect(traffic.querySelector<HTMLElement>('.ant-table-body')?.style.maxHeight).toBe('500px');
  expect(traffic.querySelector<HTMLElement>('.ant-table-tbody tr.ant-table-row')?.style.height).toBe('100px');

  fireEvent.mouseDown(screen.getByLabelText('显示条数'));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(4));
  const options = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
  expect(options.map((option) => option.textContent)).toEqual(['前5名', '前10名', '前15名', '前20名']);
  fireEvent.click(options[2]);
  await waitFor(() => expect(lastRequest(http, SEARCH_PATH).query.top).toBe('15'));
  expect(new URLSearchParams(window.location.search).get('top')).toBe('15');
  await waitFor(() => expect(rowsOf(block('精准流量来源'))[0]).toEqual(['1', '广东', '150', '15%']));
});

test('the project tab shows 项目性质 and 省份', async () => {
  renderReport(<IntelAnalysisPage />, '/intel-analysis');
  await findElement('[data-testid="slice-block-资源地域分布"]');
  openTab('项目统计');
  const nature = await findElement('[data-testid="slice-block-项目性质"]');
  expect(rowsOf(nature)).toEqual([
    ['1', '餐饮', '30', '75%'],
    ['2', '教育', '10', '25%'],
  ]);
  expect(rowsOf(block('省份'))).toEqual([['1', '广东', '40', '100%']]);
  expect(lastRequest(http, PROJECT_PATH).query).toEqual(last30);
});

test('a project chosen asks every tab for that project alone, keeps it in the URL, and 全部项目 asks for all again', async () => {
  renderReport(<IntelAnalysisPage />, '/intel-analysis');
  await findElement('[data-testid="slice-block-资源地域分布"]');
  await pick('项目', '华东推广项目');
  await waitFor(() => expect(lastRequest(http, REGION_PATH).query).toEqual({ ...last30, itemId: '14' }));
  expect(window.location.search).toContain('itemId=14');
  openTab('项目统计');
  await findElement('[data-testid="slice-block-项目性质"]');
  expect(lastRequest(http, PROJECT_PATH).query).toEqual({ ...last30, itemId: '14' });
  await pick('项目', '全部项目');
  await waitFor(() => expect(lastRequest(http, PROJECT_PATH).query).toEqual(last30));
});

test('a project in the URL is asked for at once', async () => {
  renderReport(<IntelAnalysisPage />, '/intel-analysis?itemId=11');
  await findElement('[data-testid="slice-block-资源地域分布"]');
  expect(lastRequest(http, REGION_PATH).query).toEqual({ ...last30, itemId: '11' });
});

test('no data shows 暂无数据; a failed call shows the server message with 重试, which asks again', async () => {
  http.on(`GET ${REGION_PATH}`, { body: { ...REGION, total: 0, slices: [] } });
  http.on(`GET ${SEARCH_PATH}`, SERVER_ERROR);
  renderReport(<IntelAnalysisPage />, '/intel-analysis');
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  expect(document.querySelector('figure')).toBeNull();

  openTab('搜索引擎省份分布');
  await waitFor(() => expect(screen.getAllByText('服务器开小差了，请稍后再试')).toHaveLength(2));
  http.on(`GET ${SEARCH_PATH}`, { body: SEARCH(10) });
  fireEvent.click(button('重试'));
  await findElement('[data-testid="slice-block-精准信息来源"]');
  expect(http.requestsTo(SEARCH_PATH)).toHaveLength(2);
});
