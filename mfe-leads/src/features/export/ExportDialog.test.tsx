import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { DesignSystemProvider } from '@portal/design-system';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { ITEMS, leadRow, paginationHeader } from '../../test/leadRows';
import { button, findElement, renderLeads } from '../../test/renderLeads';
import { ExportDialog } from './ExportDialog';
import { leadExportUrl, startLeadExport } from './leadExportDownload';

// The lists' days are China days (the server's), whatever the machine's zone.
const today = chinaToday();

/** The links the page "clicked" to download, instead of jsdom navigating. */
let downloads: HTMLAnchorElement[];
beforeEach(() => {
  downloads = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('the export dialog', () => {
  it("refuses an empty form with the spec's four messages and downloads nothing", async () => {
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <DesignSystemProvider>
          <ExportDialog open onClose={jest.fn()} kind="resource" items={ITEMS} />
        </DesignSystemProvider>
      </ConfigProvider>,
    );
    fireEvent.click(button('导出'));
    for (const text of ['请选择起止日期', '请选择导出项目', '请选择已读状态', '请选择导出格式']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(downloads).toEqual([]);
  });

  it('downloads with the filters as query parameters, the form list with its platform', () => {
    const query = { startTime: '2026-03-01', endTime: '2026-03-05', itemId: 13, readStatus: 0, fileGenre: 1 };
    expect(startLeadExport('infoList', { platformId: 1, ...query })).toBeNull();
    expect(downloads).toHaveLength(1);
    expect(downloads[0].getAttribute('href')).toBe(
      '/rest/customer/feedback/feedbacks/form-list-file?platformId=1&startTime=2026-03-01&endTime=2026-03-05&itemId=13&readStatus=0&fileGenre=1',
    );
    expect(downloads[0].hasAttribute('download')).toBe(true);
    // The link does not stay in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('refuses a download without a time range with 请选择时间范围', () => {
    expect(startLeadExport('resource', { itemId: 13, readStatus: -1, fileGenre: 1 })).toBe('请选择时间范围');
    expect(downloads).toEqual([]);
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

  it("starts from the list's days and read status, asks for the project, and downloads the smart-investment CSV", async () => {
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
    fireEvent.click(button('导出', dialog));
    expect(await screen.findByText('请选择导出项目')).toBeInTheDocument();
    expect(downloads).toEqual([]);

    fireEvent.mouseDown(dialog.querySelector('[role="combobox"]') as HTMLElement);
    fireEvent.click((await screen.findAllByText('华东推广项目', { selector: '.ant-select-item-option-content' })).at(-1) as HTMLElement);
    fireEvent.click(button('导出', dialog));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].getAttribute('href')).toBe(
      `/rest/customer/feedback/resource/files?startTime=${today}&endTime=${today}&itemId=13&readStatus=0&fileGenre=1`,
    );
    expect(await screen.findByText('正在导出，文件将自动下载')).toBeInTheDocument();
  });
});
