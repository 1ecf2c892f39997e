import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { leadExportEndpoints, leadListEndpoints } from '@portal/contracts/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { listen, loginCookie, openSocket } from '../realtime/testing';
import { dialects, startApp, type TestApp, type TestClient } from '../test/harness';
import { customerIdOf, insertFixtures, leadRow } from '../test/leads';

/** API answers on the wire: compressed when the client accepts it and the body is 1 KB or more. */

const CHROMIUM = 'gzip, deflate, br, zstd';
const LIST = `/rest${leadListEndpoints.resource.path}`;
const EXPORT = `/rest${leadExportEndpoints.resource.path}`;
const USER_INFO = '/rest/customer/user-info';
const RANGE = { startTime: '2021-05-01', endTime: '2021-05-02' };

const decoded = (response: LightMyRequestResponse): Buffer => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  return response.rawPayload;
};

describe.each(dialects())('API answers on the wire on %s', (dialect) => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await startApp(dialect);
    client = t.client();
    await client.login('demo');
    const customer = await customerIdOf(t.db, 'demo');
    await insertFixtures(
      t.db,
      Array.from({ length: 30 }, (_, i) =>
        leadRow(customer, 'resource', {
          name: `客户${i}`,
          mobile: `138000000${String(i).padStart(2, '0')}`,
          searchWord: '加盟 奶茶 费用',
          createTime: `2021-05-01T0${i % 10}:00:00.000Z`,
        }),
      ),
    );
  });
  afterAll(() => t.close());

  const get = (url: string, encoding: string | null, query?: Record<string, string>) =>
    client.get(url, { query, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('compresses a JSON answer of 1 KB or more when asked: brotli, else gzip; identical once decoded', async () => {
    const query = { ...RANGE, page: '1', pageSize: '30' };
    const plain = await get(LIST, null, query);
    expect([plain.statusCode, plain.headers['content-encoding']]).toEqual([200, undefined]);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json()).toHaveLength(30);

    for (const [accept, encoding] of [
      [CHROMIUM, 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const response = await get(LIST, accept, query);
      expect([accept, response.statusCode, response.headers['content-encoding'], String(response.headers.vary).toLowerCase()]).toEqual([
        accept,
        200,
        encoding,
        expect.stringContaining('accept-encoding'),
      ]);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(response).toString())).toEqual(plain.json());
      // The pagination headers come through as they are.
      expect(response.headers['x-pagination-info']).toBe(plain.headers['x-pagination-info']);
    }
  });

  it('sends an answer under 1 KB as it is', async () => {
    const plain = await get(USER_INFO, null);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeLessThan(1024);
    const asked = await get(USER_INFO, CHROMIUM);
    expect([asked.statusCode, asked.headers['content-encoding']]).toEqual([200, undefined]);
    expect(asked.json()).toEqual(plain.json());
  });

  it('streams a CSV export compressed when asked, the same file once decoded, still a download', async () => {
    const query = { ...RANGE, fileGenre: '1', readStatus: '-1' };
    const plain = await get(EXPORT, null, query);
    expect([plain.statusCode, plain.headers['content-encoding']]).toEqual([200, undefined]);
    const text = plain.rawPayload.toString();
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(31);

    for (const [accept, encoding] of [
      [CHROMIUM, 'br'],
      ['gzip', 'gzip'],
    ]) {
      const response = await get(EXPORT, accept, query);
      expect([accept, response.statusCode, response.headers['content-encoding'], response.headers['content-type']]).toEqual([
        accept,
        200,
        encoding,
        'text/csv; charset=utf-8',
      ]);
      expect(response.headers['content-disposition']).toBe(plain.headers['content-disposition']);
      expect(response.headers['content-length']).toBeUndefined();
      expect(decoded(response).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('opens the realtime socket for a browser that accepts compressed answers, and its snapshot arrives', async () => {
    const baseUrl = await listen(t);
    const socket = await openSocket(baseUrl, await loginCookie(baseUrl, 'demo'), { headers: { 'accept-encoding': CHROMIUM } });
    try {
      await socket.subscribe();
      expect((await socket.request()).kind).toBe('snapshot');
    } finally {
      await socket.close();
    }
  });
});
