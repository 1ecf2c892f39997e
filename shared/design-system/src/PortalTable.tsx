import { PAGE_SIZE_OPTIONS } from '@portal/contracts';
import { Table, type GetRef, type TableProps } from 'antd';
import { useLayoutEffect, useRef, type Key, type ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { DesignSystemText } from './texts';

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
  /** Selected row keys; rows are selectable (with select all and invert) when onSelectionChange is given. */
  selectedRowKeys?: Key[];
  onSelectionChange?: (keys: Key[], rows: T[]) => void;
  /** Rows that may not be selected show a disabled checkbox. */
  isRowSelectable?: (row: T) => boolean;
  /** Default '暂无数据'. */
  emptyText?: ReactNode;
}

/**
 * The portal's list table: controlled pagination laid out as total ('共 N 条'), sizes
 * (10-100), prev, pager, next and jumper; optional row selection with select all and invert.
 */
export function PortalTable<T extends object>({
  pagination,
  onPageChange,
  selectedRowKeys,
  onSelectionChange,
  isRowSelectable,
  emptyText = DesignSystemText.Empty,
  scroll = { x: 'max-content' },
  ...tableProps
}: PortalTableProps<T>) {
  const table = useRef<GetRef<typeof Table>>(null);
  // To measure the columns, antd repeats their titles (the select-all checkbox and its menu) in an
  // aria-hidden row: inert keeps those copies out of the keyboard's way too.
  useLayoutEffect(() => {
    table.current?.nativeElement.querySelectorAll('.ant-table-measure-row').forEach((row) => row.setAttribute('inert', ''));
  });
  return (
    <Table<T>
      {...tableProps}
      ref={table}
      scroll={scroll}
      locale={{ emptyText: <EmptyState description={emptyText} /> }}
      rowSelection={
        onSelectionChange
          ? {
              selectedRowKeys,
              onChange: (keys, rows) => onSelectionChange(keys, rows),
              selections: [Table.SELECTION_ALL, Table.SELECTION_INVERT],
              getCheckboxProps: isRowSelectable ? (row) => ({ disabled: !isRowSelectable(row) }) : undefined,
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
              onChange: onPageChange,
            }
      }
    />
  );
}
