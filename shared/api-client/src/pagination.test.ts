import { AxiosHeaders } from 'axios';
import { EventBus } from '@portal/event-bus';
import { createApiClient } from './createApiClient';
import { getPage, parseLinkHeader, parsePaginationInfo } from './pagination';
import { startTestServer, type TestServer } from './testing/testServer';

describe('parsePaginationInfo', () => {
  const info = { page: 2, pageSize: 10, totalRow: 35, totalPage: 4 };

  it('reads x-pagination-info from axios headers, whatever its case', () => {
    const headers = new AxiosHeaders({ 'X-Pagination-Info': JSON.stringify(info) });
    expect(parsePaginationInfo(headers)).toEqual(info);
  });

  it('reads it from a plain object and from fetch headers', () => {
    expect(parsePaginationInfo({ 'x-pagination-info': JSON.stringify(info) })).toEqual(info);
    expect(parsePaginationInfo(new Headers({ 'x-pagination-info': JSON.stringify(info) }))).toEqual(info);
  });

  it('accepts numeric strings and computes a missing totalPage', () => {
    expect(parsePaginationInfo({ 'x-pagination-info': '{"page":"1","pageSize":"20","totalRow":"41"}' })).toEqual({
      page: 1,
      pageSize: 20,
      totalRow: 41,
      totalPage: 3,
    });
  });

  it("reads the server's header, spec 001's rows and count included", () => {
    const header = JSON.stringify({ rows: 10, count: 35, ...info });
    expect(parsePaginationInfo({ 'x-pagination-info': header })).toEqual(info);
  });

  it("reads a header of spec 001's rows and count alone, with the page asked for", () => {
    const header = { 'x-pagination-info': '{"rows":10,"count":35}' };
    expect(parsePaginationInfo(header, { page: 2, pageSize: 10 })).toEqual(info);
    expect(parsePaginationInfo(header)).toBeNull();
  });

  it.each([
    ['absent', {}],
    ['null headers', null],
    ['not JSON', { 'x-pagination-info': 'page=1' }],
    ['JSON null', { 'x-pagination-info': 'null' }],
    ['missing totalRow', { 'x-pagination-info': '{"page":1,"pageSize":10}' }],
    ['negative', { 'x-pagination-info': '{"page":1,"pageSize":10,"totalRow":-1}' }],
    ['fractional', { 'x-pagination-info': '{"page":1.5,"pageSize":10,"totalRow":3}' }],
    ['zero page size', { 'x-pagination-info': '{"page":1,"pageSize":0,"totalRow":3}' }],
  ])('gives null when %s', (_, headers) => {
    expect(parsePaginationInfo(headers)).toBeNull();
  });
});

describe('parseLinkHeader', () => {
  it('reads the five relations of a list answer', () => {
    const header = [
      '</rest/leads?page=1&pageSize=10>; rel="first"',
      '</rest/leads?page=3&pageSize=10>; rel="self"',
      '</rest/leads?page=4&pageSize=10>; rel="next"',
      '</rest/leads?page=2&pageSize=10>; rel="prev"',
      '</rest/leads?page=9&pageSize=10>; rel="last"',
    ].join(', ');
    expect(parseLinkHeader(header)).toEqual({
      first: '/rest/leads?page=1&pageSize=10',
      self: '/rest/leads?page=3&pageSize=10',
      next: '/rest/leads?page=4&pageSize=10',
      prev: '/rest/leads?page=2&pageSize=10',
      last: '/rest/leads?page=9&pageSize=10',
    });
  });

  it('reads previous as prev, unquoted and upper-case rels, and several rels in one', () => {
    expect(parseLinkHeader('<https://x.test/a?page=1>; rel=previous, <https://x.test/a?page=5>; REL="next last"')).toEqual({
      prev: 'https://x.test/a?page=1',
      next: 'https://x.test/a?page=5',
      last: 'https://x.test/a?page=5',
    });
  });

  it('keeps commas and semicolons inside URLs and quoted parameters', () => {
    expect(parseLinkHeader('</a?ids=1,2;x>; title="one, two; three"; rel="next", </b>; rel="self"')).toEqual({
      next: '/a?ids=1,2;x',
      self: '/b',
    });
  });

  it('ignores other relations and tolerates empty or garbage input', () => {
    expect(parseLinkHeader('</help>; rel="help"')).toEqual({});
    expect(parseLinkHeader('')).toEqual({});
    expect(parseLinkHeader(undefined)).toEqual({});
    expect(parseLinkHeader('not a link header')).toEqual({});
  });
});

describe('getPage', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const client = () =>
    createApiClient({ baseURL: `${server.origin}/rest`, adapter: 'http', eventBus: new EventBus(), navigate: jest.fn() });

  it('returns the rows with the headers pagination and links, sending the query', async () => {
    server.route('GET /rest/leads', {
      headers: {
        'x-pagination-info': JSON.stringify({ page: 2, pageSize: 2, totalRow: 5, totalPage: 3 }),
        link: '</rest/leads?page=3&pageSize=2>; rel="next", </rest/leads?page=1&pageSize=2>; rel="previous"',
      },
      body: [{ id: 3 }, { id: 4 }],
    });
    const page = await getPage<{ id: number }>('/leads', { page: 2, pageSize: 2, readStatus: 0 }, client());
    expect(page).toEqual({
      rows: [{ id: 3 }, { id: 4 }],
      pagination: { page: 2, pageSize: 2, totalRow: 5, totalPage: 3 },
      links: { next: '/rest/leads?page=3&pageSize=2', prev: '/rest/leads?page=1&pageSize=2' },
    });
    const seen = new URL(server.requests.at(-1)!.url, server.origin).searchParams;
    expect(Object.fromEntries(seen)).toEqual({ page: '2', pageSize: '2', readStatus: '0' });
  });

  it("pages by spec 001's count when the header has nothing else", async () => {
    server.route('GET /rest/spec', {
      headers: {
        'x-pagination-info': JSON.stringify({ rows: 2, count: 5 }),
        link: '</rest/spec?page=3&pageSize=2>; rel="next", </rest/spec?page=1&pageSize=2>; rel="previous"',
      },
      body: [{ id: 3 }, { id: 4 }],
    });
    const page = await getPage<{ id: number }>('/spec', { page: 2, pageSize: 2 }, client());
    expect(page.pagination).toEqual({ page: 2, pageSize: 2, totalRow: 5, totalPage: 3 });
    expect(page.links).toEqual({ next: '/rest/spec?page=3&pageSize=2', prev: '/rest/spec?page=1&pageSize=2' });
  });

  it('falls back to the row count when the header is missing', async () => {
    server.route('GET /rest/all', { body: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    const page = await getPage('/all', {}, client());
    expect(page.pagination).toEqual({ page: 1, pageSize: 10, totalRow: 3, totalPage: 1 });
    expect(page.links).toEqual({});
  });

  it('unwraps a code-style body', async () => {
    server.route('GET /rest/es/list', { body: { code: '200', message: 'ok', data: [{ id: 9 }] } });
    const page = await getPage('/es/list', { page: 1, pageSize: 20 }, client());
    expect(page.rows).toEqual([{ id: 9 }]);
    expect(page.pagination.totalRow).toBe(1);
  });
});
