import { linkHeader, pageWindow, paginationInfo } from './pagination';

describe('pagination', () => {
  it('turns page and pageSize into LIMIT and OFFSET', () => {
    expect(pageWindow({ page: 1, pageSize: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ page: 3, pageSize: 20 })).toEqual({ limit: 20, offset: 40 });
  });

  it('counts pages, with one page for an empty list', () => {
    expect(paginationInfo({ page: 1, pageSize: 10 }, 0)).toEqual({ rows: 0, count: 0, page: 1, pageSize: 10, totalRow: 0, totalPage: 1 });
    expect(paginationInfo({ page: 2, pageSize: 10 }, 21)).toEqual({ rows: 10, count: 21, page: 2, pageSize: 10, totalRow: 21, totalPage: 3 });
  });

  it("gives spec 001's rows (on this page) and count (of all)", () => {
    expect(paginationInfo({ page: 3, pageSize: 10 }, 21)).toMatchObject({ rows: 1, count: 21 });
    expect(paginationInfo({ page: 9, pageSize: 10 }, 21)).toMatchObject({ rows: 0, count: 21 });
  });

  it('links first, previous, self, next and last, keeping the other query parameters', () => {
    const header = linkHeader('/rest/x?readStatus=0&page=2&pageSize=10', { page: 2, pageSize: 10, totalRow: 35, totalPage: 4 });
    expect(header.split(', ')).toEqual([
      '</rest/x?readStatus=0&page=1&pageSize=10>; rel="first"',
      '</rest/x?readStatus=0&page=1&pageSize=10>; rel="previous"',
      '</rest/x?readStatus=0&page=2&pageSize=10>; rel="self"',
      '</rest/x?readStatus=0&page=3&pageSize=10>; rel="next"',
      '</rest/x?readStatus=0&page=4&pageSize=10>; rel="last"',
    ]);
  });

  it('leaves out previous on the first page and next on the last', () => {
    const only = linkHeader('/rest/x', { page: 1, pageSize: 10, totalRow: 3, totalPage: 1 });
    expect(only).toBe(
      '</rest/x?page=1&pageSize=10>; rel="first", </rest/x?page=1&pageSize=10>; rel="self", </rest/x?page=1&pageSize=10>; rel="last"',
    );
  });

  it('points previous at the last page from beyond the end', () => {
    expect(linkHeader('/rest/x?page=9', { page: 9, pageSize: 10, totalRow: 25, totalPage: 3 })).toContain(
      '</rest/x?page=3&pageSize=10>; rel="previous"',
    );
  });
});
