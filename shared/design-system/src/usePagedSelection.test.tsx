import { act, renderHook } from '@testing-library/react';
import { usePagedSelection, type PagedSelectionOptions } from './usePagedSelection';

interface Row {
  id: number;
  name: string;
  read?: boolean;
}

const page1: Row[] = [
  { id: 1, name: '甲' },
  { id: 2, name: '乙' },
  { id: 3, name: '丙' },
];
const page2: Row[] = [
  { id: 4, name: '丁' },
  { id: 5, name: '戊' },
];

type Props = Omit<PagedSelectionOptions<Row>, 'rowKey'>;
const render = (props: Props) =>
  renderHook((current: Props) => usePagedSelection<Row>({ rowKey: (row) => row.id, ...current }), { initialProps: props });

describe('usePagedSelection', () => {
  it('keeps the choice across pages; a batch acts on every chosen row', () => {
    const { result, rerender } = render({ rows: page1, resetKey: 'a' });
    act(() => result.current.setPageKeys([1, 3]));
    rerender({ rows: page2, resetKey: 'a' });
    expect(result.current.pageKeys).toEqual([]);
    act(() => result.current.setPageKeys([5]));
    expect(result.current.keys).toEqual([1, 3, 5]);
    expect(result.current.rows.map((row) => row.name)).toEqual(['甲', '丙', '戊']);
    expect(result.current.count).toBe(3);
    // Unticking on this page leaves the other page's choice alone.
    act(() => result.current.setPageKeys([]));
    expect(result.current.keys).toEqual([1, 3]);
  });

  it('gives the fresh copy of a chosen row when its page reloads', () => {
    const { result, rerender } = render({ rows: page1, resetKey: 'a' });
    act(() => result.current.setPageKeys([2]));
    rerender({ rows: page1.map((row) => ({ ...row, read: true })), resetKey: 'a' });
    expect(result.current.rows).toEqual([{ id: 2, name: '乙', read: true }]);
  });

  it('starts empty when the filters change, and stays empty on going back to them', () => {
    const { result, rerender } = render({ rows: page1, resetKey: 'a' });
    act(() => result.current.setPageKeys([1, 2]));
    rerender({ rows: page1, resetKey: 'b' });
    expect(result.current.keys).toEqual([]);
    rerender({ rows: page1, resetKey: 'a' });
    expect(result.current.keys).toEqual([]);
  });

  it('全选 and 反选 act on the page on screen and skip rows that may not be chosen', () => {
    const isSelectable = (row: Row) => row.id !== 2;
    const { result, rerender } = render({ rows: page2, resetKey: 'a', isSelectable });
    act(() => result.current.setPageKeys([4]));
    rerender({ rows: page1, resetKey: 'a', isSelectable });
    act(() => result.current.selectPage());
    expect(result.current.keys).toEqual([4, 1, 3]);
    act(() => result.current.setPageKeys([1]));
    act(() => result.current.invertPage());
    expect(result.current.keys).toEqual([4, 3]);
  });

  it('refuses a choice past the limit and says so; deselect and clear', () => {
    const onLimit = jest.fn();
    const { result, rerender } = render({ rows: page1, resetKey: 'a', max: 4, onLimit });
    act(() => result.current.selectPage());
    rerender({ rows: page2, resetKey: 'a', max: 4, onLimit });
    act(() => result.current.selectPage());
    expect(onLimit).toHaveBeenCalledWith(4);
    expect(result.current.keys).toEqual([1, 2, 3]);
    act(() => result.current.setPageKeys([4]));
    expect(result.current.keys).toEqual([1, 2, 3, 4]);
    act(() => result.current.deselect([2]));
    expect(result.current.keys).toEqual([1, 3, 4]);
    act(() => result.current.clear());
    expect(result.current.count).toBe(0);
  });
});
