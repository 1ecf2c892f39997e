import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PortalTable } from './PortalTable';
import { renderWithProvider } from './testing/renderWithProvider';
import { usePagedSelection } from './usePagedSelection';
import { DesignSystemText } from './texts';

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = [
  { id: 1, name: '张三' },
  { id: 2, name: '李四' },
  { id: 3, name: '王五' },
];
const columns = [{ title: '姓名', dataIndex: 'name', key: 'name' }];
const pageTwo: Row[] = [{ id: 4, name: '赵六' }];

/** A list of two pages (3 rows, then 1) as a screen keeps it, with the chosen ids shown in order. */
function PagedList({ isSelectable }: { isSelectable?: (row: Row) => boolean }) {
  const [page, setPage] = useState(1);
  const shown = page === 1 ? rows : pageTwo;
  const selection = usePagedSelection<Row>({ rows: shown, rowKey: (row) => row.id, resetKey: '', isSelectable });
  return (
    <>
      <PortalTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={shown}
        pagination={{ page, pageSize: 3, total: 4 }}
        onPageChange={setPage}
        selection={selection}
      />
      <output data-testid="chosen">{selection.keys.join(',')}</output>
    </>
  );
}

const rowCheckbox = (name: string) => within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox');

describe('PortalTable', () => {
  it('lays out the total, sizes, pager and jumper', () => {
    renderWithProvider(<PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} pagination={{ page: 1, pageSize: 10, total: 235 }} />);
    expect(screen.getByText('共 235 条')).toBeInTheDocument();
    expect(screen.getByText('10 条/页')).toBeInTheDocument();
    expect(screen.getByTitle('上一页')).toBeInTheDocument();
    expect(screen.getByTitle('下一页')).toBeInTheDocument();
    expect(screen.getByTitle('24')).toBeInTheDocument(); // the last page
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).toHaveTextContent(/^跳至\s*页$/);
  });

  it('offers the spec page sizes', async () => {
    renderWithProvider(<PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} pagination={{ page: 1, pageSize: 10, total: 500 }} />);
    const sizeChanger = document.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(within(sizeChanger).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10 条/页', '20 条/页', '30 条/页', '40 条/页', '50 条/页', '100 条/页']);
  });

  it('reports page changes', async () => {
    const onPageChange = jest.fn();
    renderWithProvider(
      <PortalTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={{ page: 1, pageSize: 10, total: 35 }}
        onPageChange={onPageChange}
      />,
    );
    await userEvent.click(screen.getByTitle('3'));
    expect(onPageChange).toHaveBeenCalledWith(3, 10);
  });

  it('has 全选, 反选 and 清空 in the selection menu; 全选 and 反选 act on the page, 清空 on every page', async () => {
    renderWithProvider(<PagedList />);
    fireEvent.click(rowCheckbox('李四'));
    // The menu closes with a motion that jsdom never finishes; do not refuse clicks on it meanwhile.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const menu = async (text: string) => {
      await user.hover(document.querySelector('.ant-table-selection-extra > span') as HTMLElement);
      await user.click(await screen.findByText(text));
    };

    await menu('反选');
    await waitFor(() => expect(screen.getByTestId('chosen')).toHaveTextContent('1,3'));
    await menu('全选');
    await waitFor(() => expect(screen.getByTestId('chosen')).toHaveTextContent('1,3,2'));
    // Page 2 keeps page 1's choice; 全选 there adds its rows.
    await user.click(screen.getByTitle('2'));
    await screen.findByText('赵六');
    await menu('全选');
    await waitFor(() => expect(screen.getByTestId('chosen')).toHaveTextContent('1,3,2,4'));
    await menu('清空');
    await waitFor(() => expect(screen.getByTestId('chosen')).toHaveTextContent(/^$/));
  });

  it('keeps ticks across pages and shows them again on return', async () => {
    renderWithProvider(<PagedList />);
    fireEvent.click(rowCheckbox('张三'));
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('赵六');
    expect(rowCheckbox('赵六')).not.toBeChecked();
    fireEvent.click(rowCheckbox('赵六'));
    expect(screen.getByTestId('chosen')).toHaveTextContent('1,4');
    fireEvent.click(screen.getByTitle('1'));
    await screen.findByText('张三');
    expect(rowCheckbox('张三')).toBeChecked();
    expect(rowCheckbox('李四')).not.toBeChecked();
    // The header checkbox ticks this page only.
    fireEvent.click(document.querySelector('.ant-table-thead input[type="checkbox"]') as HTMLElement);
    expect(screen.getByTestId('chosen')).toHaveTextContent('1,4,2,3');
  });

  it('has no selection column unless asked', () => {
    renderWithProvider(<PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('disables rows that may not be selected', () => {
    renderWithProvider(<PagedList isSelectable={(row) => row.id !== 2} />);
    expect(rowCheckbox('李四')).toBeDisabled();
    expect(rowCheckbox('张三')).toBeEnabled();
  });

  it('shows the empty text and the loading state', async () => {
    const { rerender } = renderWithProvider(<PortalTable<Row> rowKey="id" columns={columns} dataSource={[]} emptyText="暂无线索" />);
    expect(screen.getByText('暂无线索')).toBeInTheDocument();
    await act(async () => {
      rerender(<PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} loading />);
    });
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).not.toBeNull());
  });

  it('keeps the copies of the column titles that antd measures with out of the keyboard and screen readers', () => {
    renderWithProvider(<PagedList />);
    const measureRow = document.querySelector('.ant-table-measure-row') as HTMLElement;
    expect(within(measureRow).getAllByRole('checkbox', { hidden: true }).length).toBeGreaterThan(0);
    expect(measureRow).toHaveAttribute('aria-hidden', 'true');
    expect(measureRow).toHaveAttribute('inert');
  });

  it('lets the keyboard reach a table wider than its box, and only such a table', () => {
    const { rerender } = renderWithProvider(<PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} />);
    const box = () => document.querySelector('.ant-table-content') as HTMLElement;
    expect(box()).not.toHaveAttribute('tabindex');
    // jsdom lays nothing out: the table's scroll width is said to exceed its box.
    Object.defineProperty(box(), 'scrollWidth', { configurable: true, value: 1200 });
    Object.defineProperty(box(), 'clientWidth', { configurable: true, value: 600 });
    rerender(<PortalTable<Row> rowKey="id" columns={columns} dataSource={[...rows]} />);
    expect(screen.getByRole('region', { name: DesignSystemText.ScrollableTable })).toBe(box());
    expect(box()).toHaveAttribute('tabindex', '0');
    Object.defineProperty(box(), 'scrollWidth', { configurable: true, value: 600 });
    rerender(<PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} />);
    expect(box()).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('region', { name: DesignSystemText.ScrollableTable })).toBeNull();
  });
});
