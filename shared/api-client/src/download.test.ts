import { CommonMessage, LOGIN_COOKIE } from '@portal/contracts';
import { getEventBus, SessionLogoutEvent } from '@portal/event-bus';
import { JSDOM } from 'jsdom';
import { ApiClientMessage, ApiError } from './ApiError';
import { downloadFile } from './download';
import { startTestServer, type TestServer } from './testing/testServer';

// Node's fetch against a real server on loopback, and a real DOM (jsdom) for the link: this
// package's tests run in Node, where jsdom's window has no place (and jest's jsdom has no fetch).
const dom = new JSDOM('<!doctype html><body></body>', { url: 'http://localhost/' });

/** What the page's link looked like when it was clicked (instead of jsdom navigating to it). */
interface Click {
  download: string;
  href: string;
  inPage: boolean;
}

let server: TestServer;
let clicks: Click[];
/** The files handed to URL.createObjectURL, and the URLs revoked. */
let saved: Blob[];
let revoked: string[];

beforeAll(async () => {
  server = await startTestServer();
  Object.defineProperty(globalThis, 'document', { value: dom.window.document, configurable: true });
});
afterAll(async () => {
  delete (globalThis as { document?: unknown }).document;
  await server.close();
});
beforeEach(() => {
  clicks = [];
  saved = [];
  revoked = [];
  jest.spyOn(dom.window.HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ download: this.download, href: this.href, inPage: this.isConnected });
  });
  const createObjectURL = URL.createObjectURL.bind(URL);
  jest.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return createObjectURL(blob);
  });
  const revokeObjectURL = URL.revokeObjectURL.bind(URL);
  jest.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => {
    revoked.push(url);
    revokeObjectURL(url);
  });
});
afterEach(() => jest.restoreAllMocks());

const FILE = 'PK fake xlsx bytes';

const rejection = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => {
      throw new Error('expected the download to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );

describe('downloadFile', () => {
  it('saves the answer under the Chinese name of its RFC 5987 filename*', async () => {
    server.route('GET /rest/customer/report/receive/files', {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        // As the server's content-disposition package writes it: an ASCII fallback, then the UTF-8 name.
        'content-disposition': `attachment; filename="____2026-03.xlsx"; filename*=UTF-8''${encodeURIComponent('接收报表_2026-03.xlsx')}`,
      },
      body: FILE,
    });

    await downloadFile(`${server.origin}/rest/customer/report/receive/files?format=xlsx`);

    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ download: '接收报表_2026-03.xlsx', inPage: true });
    expect(clicks[0].href).toMatch(/^blob:/);
    expect(saved).toHaveLength(1);
    expect(await saved[0].text()).toBe(FILE);
    // The link is gone and its URL freed.
    expect(document.querySelector('a')).toBeNull();
    expect(revoked).toEqual([clicks[0].href]);
    expect(server.requests.at(-1)?.url).toBe('/rest/customer/report/receive/files?format=xlsx');
    expect(server.requests.at(-1)?.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('falls back to the plain filename', async () => {
    server.route('GET /rest/leads.csv', { headers: { 'content-disposition': 'attachment; filename="leads 2026.csv"' }, body: 'a,b' });
    await downloadFile(`${server.origin}/rest/leads.csv`);
    expect(clicks.map((click) => click.download)).toEqual(['leads 2026.csv']);
  });

  it("rejects a 429 with the server's message, and saves nothing", async () => {
    server.route('GET /rest/customer/report/receive/files', {
      status: 429,
      headers: { 'retry-after': '5' },
      body: { code: '429', message: CommonMessage.HeavyCallsBusy },
    });

    const error = await rejection(downloadFile(`${server.origin}/rest/customer/report/receive/files`));

    expect(error).toMatchObject({ status: 429, code: '429', message: '您已有2个报表、导出或CRM同步正在进行，请等其完成后再试' });
    expect(clicks).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('rejects an answer without a message with 操作失败', async () => {
    server.route('GET /rest/broken', { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad Gateway</html>' });
    const error = await rejection(downloadFile(`${server.origin}/rest/broken`));
    expect(error).toMatchObject({ status: 502, code: '502', message: CommonMessage.OperationFailed });
    expect(clicks).toEqual([]);
  });

  it('ends the session on a 401, as the api client does', async () => {
    const logouts: string[] = [];
    const subscription = getEventBus().subscribe(SessionLogoutEvent, (event) => logouts.push(event.payload.reason));
    document.cookie = `${LOGIN_COOKIE}=1; Path=/`;
    server.route('GET /rest/secret.xlsx', { status: 401, body: { code: '401', message: CommonMessage.NotLoggedIn } });

    try {
      const error = await rejection(downloadFile(`${server.origin}/rest/secret.xlsx`));
      expect(error).toMatchObject({ status: 401, code: '401', message: '登录已失效，请重新登录' });
    } finally {
      subscription.unsubscribe();
    }
    expect(logouts).toEqual(['unauthorized']);
    expect(document.cookie).not.toContain(LOGIN_COOKIE);
    expect(clicks).toEqual([]);
  });

  it('reports a refused connection as a network error', async () => {
    const gone = await startTestServer();
    await gone.close();
    const error = await rejection(downloadFile(`${gone.origin}/rest/customer/report/receive/files`));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK', message: ApiClientMessage.NetworkError });
    expect(clicks).toEqual([]);
  });
});
