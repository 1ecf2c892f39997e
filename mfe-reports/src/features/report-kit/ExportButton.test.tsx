import type { FakeHttp, FakeReply } from '@portal/api-client/testing';
import { CommonMessage } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installReportHttp, renderReport } from '../../test/renderReport';
import { ExportButton } from './ExportButton';

const HREF = '/rest/customer/report/receive/files?startTime=2026-03-01&endTime=2026-03-07&format=xlsx';
const PATH = '/customer/report/receive/files';

/** The links the page clicked to save a file (instead of jsdom navigating), with the name each gave. */
let saved: string[];
let http: FakeHttp;
beforeEach(() => {
  saved = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  http = installReportHttp();
});
afterEach(() => {
  http.restore();
  jest.restoreAllMocks();
});

const exportLink = () => screen.getByRole('link', { name: /导\s*出/ });

test("a refused export shows the server's message and saves nothing", async () => {
  http.on(`GET ${PATH}`, { status: 429, headers: { 'retry-after': '5' }, body: { code: '429', message: CommonMessage.HeavyCallsBusy } });
  renderReport(<ExportButton href={HREF} />, '/receive-list');

  fireEvent.click(exportLink());

  expect(await screen.findByText('您已有2个报表、导出或CRM同步正在进行，请等其完成后再试')).toBeInTheDocument();
  expect(http.requestsTo(PATH)).toHaveLength(1);
  expect(saved).toEqual([]);
  await waitFor(() => expect(exportLink()).toHaveAttribute('aria-busy', 'false'));
});

test('导出 is busy while the file is prepared, then saves it under its name', async () => {
  let answer: (reply: FakeReply) => void = () => undefined;
  http.on(`GET ${PATH}`, () => new Promise<FakeReply>((resolve) => (answer = resolve)));
  renderReport(<ExportButton href={HREF} />, '/receive-list');

  fireEvent.click(exportLink());
  await waitFor(() => expect(exportLink()).toHaveAttribute('aria-busy', 'true'));
  // A second click while it is busy starts nothing.
  fireEvent.click(exportLink());
  expect(http.requestsTo(PATH)).toHaveLength(1);
  expect(http.requestsTo(PATH)[0].query).toEqual({ startTime: '2026-03-01', endTime: '2026-03-07', format: 'xlsx' });

  answer({
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('接收报表.xlsx')}`,
    },
    body: 'xlsx',
  });

  await waitFor(() => expect(saved).toEqual(['接收报表.xlsx']));
  await waitFor(() => expect(exportLink()).toHaveAttribute('aria-busy', 'false'));
  expect(exportLink()).toHaveAttribute('href', HREF);
});
