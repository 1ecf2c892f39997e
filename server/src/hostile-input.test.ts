import { dialects, startApp, type TestApp, type TestClient } from './test/harness';

const CHINESE = /[\u4e00-\u9fff]/;
const LONG = 'x'.repeat(10_000);
const SQL = "'; DROP TABLE customers; --";

/** Bodies no client of ours sends: broken JSON, wrong shapes and types, huge and SQL-like strings. */
const RAW_BODIES: Array<[string, string]> = [
  ['{', 'application/json'],
  ['{"a":', 'application/json'],
  ['', 'application/json'],
  ['null', 'application/json'],
  ['true', 'application/json'],
  ['12345', 'application/json'],
  ['[]', 'application/json'],
  ['"text"', 'application/json'],
  [`{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}`, 'application/json'],
  ['['.repeat(5000) + ']'.repeat(5000), 'application/json'],
  ['plain text body', 'text/plain'],
  ['a=1&b=2', 'application/x-www-form-urlencoded'],
  ['\u0000\u0001\u0002', 'application/octet-stream'],
];

/** A valid-looking body of each JSON route with every field replaced by `value`. */
const FIELDS: Record<string, string[]> = {
  '/rest/customer/login': ['loginAccount', 'password', 'type'],
  '/rest/customer/password': ['oldPassword', 'password', 'confirm'],
  '/rest/customer/password/forced': ['loginAccount', 'oldPassword', 'newPassword', 'confirmPassword'],
  '/rest/customer/account/voice': ['whetherVoice'],
  '/rest/customer/feedback/resource/1': ['remark'],
  '/rest/customer/feedback/feedbacks/read': ['ids'],
  '/rest/customer/feedback/resourceCpchandler/updateReadStatus': ['id', 'readStatus'],
  '/rest/es/eccutomerdistribute/assignResourcesManually': ['resourceList', 'userId'],
  '/rest/open/leads': ['listKind', 'itemId', 'name', 'mobile'],
};
const FIELD_VALUES: unknown[] = [LONG, SQL, null, 12345, -1, 1e308, true, [], {}, ['a'], { $ne: null }, '\u0000'];

const METHOD: Record<string, 'POST' | 'PUT'> = {
  '/rest/customer/login': 'POST',
  '/rest/customer/password': 'PUT',
  '/rest/customer/password/forced': 'PUT',
  '/rest/customer/account/voice': 'PUT',
  '/rest/customer/feedback/resource/1': 'PUT',
  '/rest/customer/feedback/feedbacks/read': 'PUT',
  '/rest/customer/feedback/resourceCpchandler/updateReadStatus': 'POST',
  '/rest/es/eccutomerdistribute/assignResourcesManually': 'PUT',
  '/rest/open/leads': 'POST',
};

/** Query strings of the list calls, including repeated, bracketed and enormous parameters. */
const QUERIES: Record<string, string[]> = {
  '/rest/customer/platform/items/all': ['modeType=1&modeType=3', 'modeType[]=1', `modeType=${LONG}`, `modeType=${encodeURIComponent(SQL)}`, 'modeType=%00'],
  '/rest/customer/workbench/stats': [
    'itemId=1&itemId=2',
    'itemId[$ne]=1',
    `startTime=${LONG}`,
    `itemId=${encodeURIComponent(SQL)}`,
    'startTime=9999-99-99',
    'startTime=-001-01-01',
    'endTime=%E2%80%AE2025-01-01',
  ],
  '/rest/customer/feedback/resource': [
    'page=1e400',
    'pageSize=-10',
    `phone=${encodeURIComponent(SQL)}`,
    'phone[]=1',
    `itemId=${encodeURIComponent(SQL)}`,
    'readStatus=1&readStatus=0',
    `startTime=${LONG}`,
    'crmFollowerState[$ne]=1',
  ],
  '/rest/customer/feedback/resource/files': ['', `startTime=${LONG}&endTime=2025-01-01`, 'startTime=2025-01-01&endTime=2025-01-02&fileGenre=%00', 'readStatus=-1'],
  '/rest/es/crmuser/like': [`userName=${LONG}`, 'userName=%25', 'userName[]=a', `userName=${encodeURIComponent(SQL)}`],
  '/rest/customer/workbench/articles': ['page=-1', 'page=0', 'page=1e400', 'page=NaN', 'page=Infinity', 'page=1&page=2', 'pageSize=-10', `page=${LONG}`, 'page=0x10', 'page=%20'],
};

/** A refusal must be a 4xx with `{code, message}` in Chinese; nothing of this may be a 500. */
function expectRefusedCleanly(status: number, body: string, what: string): void {
  const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
  expect({ what, server_error: status >= 500 }).toEqual({ what, server_error: false });
  if (status >= 400) {
    expect({ what, code: typeof parsed.code, chinese: CHINESE.test(String(parsed.message)) }).toEqual({ what, code: 'string', chinese: true });
  }
}

describe.each(dialects())('hostile input on %s', (dialect) => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await startApp(dialect);
    client = t.client();
    await client.login('demo2');
  });
  afterAll(() => t.close());

  it.each(Object.keys(METHOD))('%s refuses malformed bodies with a 4xx in Chinese', async (url) => {
    for (const [payload, contentType] of RAW_BODIES) {
      const response = await client.call(METHOD[url], url, { payload, headers: { 'content-type': contentType } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expectRefusedCleanly(response.statusCode, response.body, `${url} ${contentType} ${payload.slice(0, 20)}`);
    }
  });

  it.each(Object.keys(FIELDS))('%s refuses wrong types, huge and SQL-like values in every field', async (url) => {
    for (const field of FIELDS[url]) {
      for (const value of FIELD_VALUES) {
        const body = Object.fromEntries(FIELDS[url].map((name) => [name, name === field ? value : 'Valid12345']));
        const response = await client.call(METHOD[url], url, { payload: body });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expectRefusedCleanly(response.statusCode, response.body, `${url} ${field}=${JSON.stringify(value).slice(0, 20)}`);
      }
    }
    // The session survived all of it, and the tables are all there.
    expect((await client.get('/rest/customer/user-info')).statusCode).toBe(200);
  });

  it.each(Object.keys(QUERIES))('%s answers odd query strings without a server error', async (url) => {
    for (const query of QUERIES[url]) {
      const response = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      expectRefusedCleanly(response.statusCode, response.body, `${url}?${query.slice(0, 30)}`);
    }
  });

  it('answers odd cookies and paths without a server error', async () => {
    for (const cookie of [`portal_sid=${LONG}`, 'portal_sid=', 'portal_sid=%E0%A4%A', `portal_sid=${encodeURIComponent(SQL)}`, '=;=;;']) {
      const response = await t.app.inject({ method: 'GET', url: '/rest/customer/user-info', headers: { cookie } });
      expect(response.statusCode).toBe(401);
    }
    for (const url of ['/rest/%', '/rest/customer/%E0%A4%A', `/rest/${LONG.slice(0, 3000)}`, '/rest/customer/../customer/user-info']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectRefusedCleanly(response.statusCode, response.body, url.slice(0, 30));
    }
  });
});
