import { PAGE_SIZE_OPTIONS } from '@portal/contracts';
import { Table, type GetRef, type TableProps } from 'antd';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { usePhoneScreen } from './phoneLayout';
import { DesignSystemText } from './texts';
import type { PagedSelection } from './usePagedSelection';

/** The page a list shows: page from 1, the page size, and the count of all matching rows. */
export interface PortalPagination {
  page: number;
  pageSize: number;
  total: number;
}

export interface PortalTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'rowSelection' | 'locale'> {
  /** Controlled pagination; false for a list shown whole (reports with a summary row). */
  pagination?: PortalPagination | false;
  /** A new page or page size was chosen. */
  onPageChange?: (page: number, pageSize: number) => void;
  /**
   * Rows are selectable when given: the list's usePagedSelection, built over the same rows as
   * `dataSource`. The header checkbox's menu has 全选 and 反选 (this page) and 清空 (every page).
   */
  selection?: PagedSelection<T>;
  /** Default '暂无数据'. */
  emptyText?: ReactNode;
}

/**
 * The portal's list table: controlled pagination laid out as total ('共 N 条'), sizes
 * (10-100), prev, pager, next and jumper; optional row selection across pages (usePagedSelection)
 * with select all and invert. A table wider than its box scrolls inside it (`scroll.x`), never the
 * page; columns a list keeps in view are its `fixed` ones. On a phone the pager shows fewer page
 * numbers and wraps, its items touch-sized (phoneTheme).
 */
export function PortalTable<T extends object>({
  pagination,
  onPageChange,
  selection,
  emptyText = DesignSystemText.Empty,
  scroll,
  style,
  ...tableProps
}: PortalTableProps<T>) {
  const table = useRef<GetRef<typeof Table>>(null);
  const phone = usePhoneScreen();
  // antd keeps the selection menu it built first: its items call the selection of the latest render.
  const latestSelection = useRef(selection);
  useLayoutEffect(() => {
    latestSelection.current = selection;
  });
  // To measure the columns, antd repeats their titles (the select-all checkbox and its menu) in an
  // aria-hidden row: inert keeps those copies out of the keyboard's way too.
  useLayoutEffect(() => {
    const root = table.current?.nativeElement;
    root?.querySelectorAll('.ant-table-measure-row').forEach((row) => row.setAttribute('inert', ''));
    // A table wider (or taller) than its box scrolls: its scroll container takes the keyboard's
    // focus so that the arrow keys can scroll it (WCAG 2.1.1), with a name for screen readers.
    root?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((box) => {
      const scrolls = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
      if (scrolls) {
        box.tabIndex = 0;
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', DesignSystemText.ScrollableTable);
      } else if (box.getAttribute('role') === 'region') {
        box.removeAttribute('tabindex');
        box.removeAttribute('role');
        box.removeAttribute('aria-label');
      }
    });
  });
  return (
    <Table<T>
      {...tableProps}
      ref={table}
      // Wider than its box, the table scrolls inside it (a caller's scroll.y keeps that); as a flex
      // item it may shrink below its content's width rather than push the page wider.
      scroll={{ x: 'max-content', ...scroll }}
      style={{ minWidth: 0, maxWidth: '100%', ...style }}
      locale={{ emptyText: <EmptyState description={emptyText} /> }}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.pageKeys,
              // antd reports the keys it ticks on this page; the other pages' choice is the model's.
              onChange: (keys) => selection.setPageKeys(keys),
              selections: [
                { key: 'all', text: DesignSystemText.SelectAll, onSelect: () => latestSelection.current?.selectPage() },
                { key: 'invert', text: DesignSystemText.SelectInvert, onSelect: () => latestSelection.current?.invertPage() },
                { key: 'none', text: DesignSystemText.SelectNone, onSelect: () => latestSelection.current?.clear() },
              ],
              getCheckboxProps: (row) => ({ disabled: !selection.isSelectable(row) }),
            }
          : undefined
      }
      pagination={
        pagination === false || pagination === undefined
          ? false
          : {
              current: pagination.page,
              pageSize: pagination.pageSize,
              total: pagination.total,
              showTotal: DesignSystemText.total,
              showSizeChanger: true,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showQuickJumper: true,
              showLessItems: phone,
              onChange: onPageChange,
            }
      }
    />
  );
}
