import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { chinaToday, CommonMessage } from '@portal/contracts';
import { DesignSystemProvider } from '@portal/design-system';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { ITEMS, leadRow, paginationHeader } from '../../test/leadRows';
import { button, findElement, renderLeads } from '../../test/renderLeads';
import { ExportDialog } from './ExportDialog';
import { leadExportUrl, startLeadExport } from './leadExportDownload';

// The lists' days are China days (the server's), whatever the machine's zone.
const today = chinaToday();

/** The links the page "clicked" to save a file, instead of jsdom navigating. */
let downloads: HTMLAnchorElement[];
beforeEach(() => {
  downloads = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this);
  });
});
afterEach(() => jest.restoreAllMocks());

/** A CSV answer named as the server names it: an ASCII fallback, then the Chinese name (RFC 5987). */
const csvFile = (name: string) => ({
  headers: {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="leads.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
  },
  body: '\ufeff项目名称,姓名\r\n华东推广项目,张三\r\n',
});

const renderDialog = (props: Partial<Parameters<typeof ExportDialog>[0]> = {}) =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <DesignSystemProvider>
        <ExportDialog open onClose={jest.fn()} kind="resource" items={ITEMS} {...props} />
      </DesignSystemProvider>
    </ConfigProvider>,
  );

describe('the export dialog', () => {
  let http: FakeHttp;
  beforeEach(() => {
    http = installFakeHttp();
  });
  afterEach(() => http.restore());

  it("refuses an empty form with the spec's messages and downloads nothing; the project starts on 全部项目", async () => {
    renderDialog();
    expect(screen.getByTitle('全部项目')).toBeInTheDocument();
    fireEvent.click(button('导出'));
    for (const text of ['请选择起止日期', '请选择已读状态', '请选择导出格式']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    // 全部项目 is a choice: no '请选择导出项目'.
    expect(screen.queryByText('请选择导出项目')).not.toBeInTheDocument();
    expect(downloads).toEqual([]);
    expect(http.requests).toEqual([]);
  });

  it('downloads with the filters as query parameters, the form list with its platform', async () => {
    http.on('GET /customer/feedback/feedbacks/form-list-file', csvFile('表单列表.csv'));
    const query = { startTime: '2026-03-01', endTime: '2026-03-05', itemId: 13, readStatus: 0, fileGenre: 1 };
    const started = startLeadExport('infoList', { platformId: 1, ...query });
    if (!('done' in started)) throw new Error(`refused: ${started.refusal}`);
    await started.done;
    expect(http.requestsTo('/customer/feedback/feedbacks/form-list-file').map((request) => request.query)).toEqual([
      { platformId: '1', startTime: '2026-03-01', endTime: '2026-03-05', itemId: '13', readStatus: '0', fileGenre: '1' },
    ]);
    expect(downloads).toHaveLength(1);
    expect(downloads[0].download).toBe('表单列表.csv');
    // The link does not stay in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("tells that the export started, then shows the server's refusal of a third export at once", async () => {
    http.on('GET /customer/feedback/resource/files', {
      status: 429,
      headers: { 'retry-after': '5' },
      body: { code: '429', message: CommonMessage.HeavyCallsBusy },
    });
    const onClose = jest.fn();
    renderDialog({ onClose, initialValues: { dateRange: ['2026-03-01', '2026-03-07'], itemId: 11, readStatus: -1, fileGenre: 1 } });

    fireEvent.click(button('导出'));

    expect(await screen.findByText('正在导出，文件将自动下载')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('您已有2个报表、导出或CRM同步正在进行，请等其完成后再试')).toBeInTheDocument();
    expect(http.requestsTo('/customer/feedback/resource/files').map((request) => request.query)).toEqual([
      { startTime: '2026-03-01', endTime: '2026-03-07', itemId: '11', readStatus: '-1', fileGenre: '1' },
    ]);
    expect(downloads).toEqual([]);
  });

  it('refuses a download without a time range with 请选择时间范围', () => {
    expect(startLeadExport('resource', { itemId: 13, readStatus: -1, fileGenre: 1 })).toEqual({ refusal: '请选择时间范围' });
    expect(downloads).toEqual([]);
    expect(http.requests).toEqual([]);
    expect(leadExportUrl('baiList', { startTime: today, endTime: today })).toBe(
      `/rest/customer/feedback/feedbacks/downloadlist?startTime=${today}&endTime=${today}`,
    );
  });
});

describe('export from a list', () => {
  // The list page is a lazy chunk: load it here, so that the test waits only for its rendering.
  beforeAll(() => import('../resource/ResourcePage'), 60_000);

  let http: FakeHttp;
  beforeEach(() => {
    http = installFakeHttp();
    http.on('GET /customer/platform/items/all', { body: ITEMS });
    http.on('GET /customer/feedback/resource/summary', { status: 500, body: { code: '500' } });
    http.on('GET /customer/feedback/resource', { body: [leadRow()], headers: paginationHeader(1) });
  });
  afterEach(() => http.restore());

  it("starts from the list's days, read status and project (all of them), and downloads the smart-investment CSV", async () => {
    renderLeads('/resource');
    await screen.findByText('张三');
    const [, readStatus] = [...document.querySelectorAll<HTMLElement>('form [role="combobox"]')];
    fireEvent.mouseDown(readStatus);
    fireEvent.click((await screen.findAllByText('未读', { selector: '.ant-select-item-option-content' })).at(-1) as HTMLElement);
    fireEvent.click(button('查询'));
    await waitFor(() => expect(http.requestsTo('/customer/feedback/resource').at(-1)?.query.readStatus).toBe('0'));

    fireEvent.click(button('导出', document.querySelector('form') as HTMLElement));
    const dialog = await findElement('.ant-modal');
    expect(dialog).toHaveTextContent('导出数据');
    expect(dialog).toHaveTextContent('未读');
    expect(dialog).toHaveTextContent('CSV');
    // The list shows every project, so does the dialog.
    expect(dialog).toHaveTextContent('全部项目');

    fireEvent.mouseDown(dialog.querySelector('[role="combobox"]') as HTMLElement);
    fireEvent.click((await screen.findAllByText('华东推广项目', { selector: '.ant-select-item-option-content' })).at(-1) as HTMLElement);
    http.on('GET /customer/feedback/resource/files', csvFile('智能投放资源.csv'));
    fireEvent.click(button('导出', dialog));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].download).toBe('智能投放资源.csv');
    expect(http.requestsTo('/customer/feedback/resource/files').map((request) => request.query)).toEqual([
      { startTime: today, endTime: today, itemId: '13', readStatus: '0', fileGenre: '1' },
    ]);
    expect(await screen.findByText('正在导出，文件将自动下载')).toBeInTheDocument();
  });
});
