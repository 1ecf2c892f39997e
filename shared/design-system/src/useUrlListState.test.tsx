import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { useUrlListState, type ListQuery } from './useUrlListState';

interface Filters {
  word: string;
  level: number | null;
}

const defaults = (): Filters => ({ word: '', level: 1 });
// level: 1-3, or '' when cleared (null); anything else the default.
const parse = (query: ListQuery, fallback: Filters): Filters => ({
  word: query.word ?? fallback.word,
  level: query.level === '' ? null : /^[1-3]$/.test(query.level ?? '') ? Number(query.level) : fallback.level,
});
const serialize = (filters: Filters): ListQuery => ({ word: filters.word, level: filters.level === null ? '' : String(filters.level) });

/** The hook on a list at `url`, with the router's location and navigate. */
const renderAt = (url: string) =>
  renderHook(() => ({ list: useUrlListState({ defaults, parse, serialize }), location: useLocation(), navigate: useNavigate() }), {
    wrapper: ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/other', url]}>{children}</MemoryRouter>,
  });

describe('useUrlListState', () => {
  it('reads the filters and the page from the URL', () => {
    const { result } = renderAt('/list?word=abc&level=3&page=4&pageSize=50');
    expect(result.current.list.filters).toEqual({ word: 'abc', level: 3 });
    expect(result.current.list.paging).toEqual({ page: 4, pageSize: 50 });
  });

  it('a clean URL gives the defaults and page 1 of 10', () => {
    const { result } = renderAt('/list');
    expect(result.current.list.filters).toEqual({ word: '', level: 1 });
    expect(result.current.list.paging).toEqual({ page: 1, pageSize: 10 });
  });

  it.each([
    ['page=abc&pageSize=7', { page: 1, pageSize: 10 }],
    ['page=0&pageSize=0', { page: 1, pageSize: 10 }],
    ['page=-2&pageSize=101', { page: 1, pageSize: 10 }],
    ['page=02&pageSize=020', { page: 1, pageSize: 10 }],
    ['page=1.5&pageSize=1e1', { page: 1, pageSize: 10 }],
    ['page=99999999999999999999&pageSize=15', { page: 1, pageSize: 10 }],
    ['page=3&pageSize=100', { page: 3, pageSize: 100 }],
  ])('bad page values fall back to the defaults: %s', (query, paging) => {
    const { result } = renderAt(`/list?${query}`);
    expect(result.current.list.paging).toEqual(paging);
  });

  it('a search writes only what differs from the defaults, from page 1, as a new history entry', () => {
    const { result } = renderAt('/list?page=3&pageSize=20');
    act(() => result.current.list.search({ word: 'abc', level: 1 }));
    expect(result.current.location.search).toBe('?word=abc&pageSize=20');
    expect(result.current.list).toMatchObject({ filters: { word: 'abc', level: 1 }, paging: { page: 1, pageSize: 20 } });

    // A cleared value differs from its default: it is written empty.
    act(() => result.current.list.search({ word: 'abc', level: null }));
    expect(result.current.location.search).toBe('?word=abc&level=&pageSize=20');
    expect(result.current.list.filters).toEqual({ word: 'abc', level: null });

    // Back returns to the earlier search.
    act(() => result.current.navigate(-1));
    expect(result.current.location.search).toBe('?word=abc&pageSize=20');
    act(() => result.current.navigate(-1));
    expect(result.current.list.paging).toEqual({ page: 3, pageSize: 20 });
  });

  it('the same search again adds no history entry', () => {
    const { result } = renderAt('/list');
    act(() => result.current.list.search({ word: 'abc', level: 1 }));
    act(() => result.current.list.search({ word: 'abc', level: 1 }));
    act(() => result.current.navigate(-1));
    expect(result.current.location.pathname + result.current.location.search).toBe('/list');
  });

  it('searching the defaults leaves a clean URL', () => {
    const { result } = renderAt('/list?word=abc&page=2');
    act(() => result.current.list.search(result.current.list.defaults));
    expect(result.current.location.pathname).toBe('/list');
    expect(result.current.location.search).toBe('');
  });

  it('a page change keeps the filters and replaces the history entry; a new size starts from page 1', () => {
    const { result } = renderAt('/list?word=abc');
    act(() => result.current.list.changePage(2, 10));
    expect(result.current.location.search).toBe('?word=abc&page=2');
    act(() => result.current.list.changePage(2, 30));
    expect(result.current.location.search).toBe('?word=abc&pageSize=30');
    act(() => result.current.list.changePage(1, 30));
    expect(result.current.location.search).toBe('?word=abc&pageSize=30');
    act(() => result.current.list.changePage(3, 30));
    expect(result.current.list.paging).toEqual({ page: 3, pageSize: 30 });

    // Page changes replaced the list's entry: back leaves the list.
    act(() => result.current.navigate(-1));
    expect(result.current.location.pathname).toBe('/other');
  });
});
