import type { FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { leadRow, paginationHeader } from '../../test/leadRows';
import { button, installListHttp, preloadListPages, renderLeads, shownOptions } from '../../test/renderLeads';

// Issue 27, "every project everywhere": each project the customer has or had is offered in the
// project filter and the export dialog, marked with its status, never disabled; the export
// starts from the list's filter and may take every project.
const RESOURCE = '/customer/feedback/resource';
const RESOURCE_FILE = '/customer/feedback/resource/files';
const FEEDBACKS = '/customer/feedback/feedbacks';
const today = chinaToday();

/** One project of each status, and one of modeType 1 (the seed's 童趣乐园早教中心 is one). */
const PROJECTS = [
  { id: 21, title: '茶语时光奶茶加盟', status: 1, modeType: null },
  { id: 22, title: '童趣乐园早教中心', status: 1, modeType: 1 },
  { id: 23, title: '净衣坊干洗连锁', status: 0, modeType: null },
  { id: 24, title: '果然鲜水果超市', status: -1, modeType: null },
];
/** The options as the user sees them: 全部项目 first, then each project, those not on air with their status. */
const OFFERED = ['全部项目', '茶语时光奶茶加盟', '童趣乐园早教中心', '净衣坊干洗连锁（无效或审核中）', '果然鲜水果超市（已下架）'];

beforeAll(preloadListPages, 60_000);

let http: FakeHttp;
let downloads: HTMLAnchorElement[];
beforeEach(() => {
  http = installListHttp();
  http.on('GET /customer/platform/items/all', { body: PROJECTS });
  http.on(`GET ${RESOURCE}`, { body: [leadRow({ id: 1, name: '张三' })], headers: paginationHeader(1) });
  http.on(`GET ${FEEDBACKS}`, { body: [leadRow({ id: 1, name: '张三' })], headers: paginationHeader(1) });
  http.on(`GET ${RESOURCE_FILE}`, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="leads.csv"' },
    body: '\ufeff项目名称,姓名\r\n',
  });
  // The links the page "clicks" to save a file, instead of jsdom navigating.
  downloads = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this);
  });
});
afterEach(() => {
  http.restore();
  jest.restoreAllMocks();
});

/** The options of the select `combobox` once open: their text and whether each is disabled. */
async function optionsOf(combobox: HTMLElement): Promise<Array<[string, string | null]>> {
  fireEvent.mouseDown(combobox);
  await waitFor(() => expect(shownOptions().length).toBeGreaterThan(1));
  return shownOptions().map((option) => [option.textContent ?? '', option.getAttribute('aria-disabled')]);
}

/** Picks the option `text` of the select `combobox` (the last one shown: an older dropdown may still be in the page). */
async function choose(combobox: HTMLElement, text: string) {
  fireEvent.mouseDown(combobox);
  const found = await screen.findAllByText(text, { selector: '[aria-disabled] > *' });
  fireEvent.click(found[found.length - 1]);
}

const projectFilter = () => screen.getByRole('combobox', { name: '项目' });

async function openExport(): Promise<HTMLElement> {
  fireEvent.click(button('导出', document.querySelector('form') as HTMLElement));
  return screen.findByRole('dialog');
}

describe('the project filter of a list', () => {
  it.each(['/resource', '/feedback'])('offers every project on %s with its status, none disabled', async (path) => {
    renderLeads(path);
    await screen.findByText('张三');
    expect(await optionsOf(projectFilter())).toEqual(OFFERED.map((text) => [text, 'false']));
  });

  it('narrows the list to a taken-down project, then to one under review', async () => {
    renderLeads('/resource');
    await screen.findByText('张三');
    await choose(projectFilter(), '果然鲜水果超市（已下架）');
    fireEvent.click(button('查询'));
    await waitFor(() => expect(http.requestsTo(RESOURCE).at(-1)?.query.itemId).toBe('24'));

    await choose(projectFilter(), '净衣坊干洗连锁（无效或审核中）');
    fireEvent.click(button('查询'));
    await waitFor(() => expect(http.requestsTo(RESOURCE).at(-1)?.query.itemId).toBe('23'));
  });
});

describe('the export dialog of a list', () => {
  it("starts from the list's project, a taken-down one too, and exports it", async () => {
    renderLeads('/resource?itemId=24&readStatus=0');
    await screen.findByText('张三');
    const dialog = await openExport();
    const project = within(dialog).getByRole('combobox', { name: '导出项目' });
    expect(within(dialog).getByTitle('果然鲜水果超市（已下架）')).toBeInTheDocument();
    // Every project is offered here as in the filter.
    expect(await optionsOf(project)).toEqual(OFFERED.map((text) => [text, 'false']));
    await choose(project, '果然鲜水果超市（已下架）');

    fireEvent.click(button('导出', dialog));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(http.requestsTo(RESOURCE_FILE).map((request) => request.query)).toEqual([
      { startTime: today, endTime: today, itemId: '24', readStatus: '0', fileGenre: '1' },
    ]);
  });

  it('exports the leads of a project of modeType 1 (童趣乐园早教中心) chosen in the dialog', async () => {
    renderLeads('/resource');
    await screen.findByText('张三');
    const dialog = await openExport();
    await choose(within(dialog).getByRole('combobox', { name: '导出项目' }), '童趣乐园早教中心');
    fireEvent.click(button('导出', dialog));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(http.requestsTo(RESOURCE_FILE).at(-1)?.query.itemId).toBe('22');
  });

  it('starts on 全部项目 when the list shows every project, and then exports all projects (no itemId)', async () => {
    renderLeads('/resource?startTime=2026-03-01&endTime=2026-03-31');
    await screen.findByText('张三');
    const dialog = await openExport();
    expect(within(dialog).getByTitle('全部项目')).toBeInTheDocument();
    fireEvent.click(button('导出', dialog));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(http.requestsTo(RESOURCE_FILE).map((request) => request.query)).toEqual([
      { startTime: '2026-03-01', endTime: '2026-03-31', readStatus: '-1', fileGenre: '1' },
    ]);
  });

  it('goes from a chosen project back to 全部项目', async () => {
    renderLeads('/resource?itemId=21');
    await screen.findByText('张三');
    const dialog = await openExport();
    await choose(within(dialog).getByRole('combobox', { name: '导出项目' }), '全部项目');
    fireEvent.click(button('导出', dialog));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(http.requestsTo(RESOURCE_FILE).at(-1)?.query).not.toHaveProperty('itemId');
  });
});
