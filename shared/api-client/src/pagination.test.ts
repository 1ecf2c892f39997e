import { AxiosHeaders } from 'axios';
import { parsePaginationInfo } from './pagination';

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
