import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type Key } from 'react';
import { PortalTable } from './PortalTable';
import { renderWithProvider } from './testing/renderWithProvider';

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

describe('PortalTable', () => {
  it('lays out the total, sizes, pager and jumper', () => {
    renderWithProvider(
      <PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} pagination={{ page: 1, pageSize: 10, total: 235 }} />,
    );
    expect(screen.getByText('共 235 条')).toBeInTheDocument();
    expect(screen.getByText('10 条/页')).toBeInTheDocument();
    expect(screen.getByTitle('上一页')).toBeInTheDocument();
    expect(screen.getByTitle('下一页')).toBeInTheDocument();
    expect(screen.getByTitle('24')).toBeInTheDocument(); // the last page
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).toHaveTextContent(/^跳至\s*页$/);
  });

  it('offers the spec page sizes', async () => {
    renderWithProvider(
      <PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} pagination={{ page: 1, pageSize: 10, total: 500 }} />,
    );
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

  it('has select all and invert in the selection menu', async () => {
    const changes: Key[][] = [];
    function Selectable() {
      const [keys, setKeys] = useState<Key[]>([2]);
      return (
        <PortalTable<Row>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          selectedRowKeys={keys}
          onSelectionChange={(next) => {
            changes.push(next);
            setKeys(next);
          }}
        />
      );
    }
    renderWithProvider(<Selectable />);
    // The menu closes with a motion that jsdom never finishes; do not refuse clicks on it meanwhile.
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const trigger = document.querySelector('.ant-table-selection-extra > span') as HTMLElement;
    expect(trigger).not.toBeNull();
    await user.hover(trigger);
    const invert = await screen.findByText('反选当页');
    expect(screen.getByText('全选所有')).toBeInTheDocument();

    await user.click(invert);
    await waitFor(() => expect(changes.at(-1)).toEqual([1, 3]));

    await user.hover(trigger);
    await user.click(await screen.findByText('全选所有'));
    await waitFor(() => expect([...(changes.at(-1) ?? [])].sort()).toEqual([1, 2, 3]));
  });

  it('has no selection column unless asked', () => {
    renderWithProvider(<PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('disables rows that may not be selected', () => {
    renderWithProvider(
      <PortalTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        selectedRowKeys={[]}
        onSelectionChange={() => {}}
        isRowSelectable={(row) => row.id !== 2}
      />,
    );
    const rowCheckbox = (name: string) => within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox');
    expect(rowCheckbox('李四')).toBeDisabled();
    expect(rowCheckbox('张三')).toBeEnabled();
  });

  it('shows the empty text and the loading state', async () => {
    const { rerender } = renderWithProvider(
      <PortalTable<Row> rowKey="id" columns={columns} dataSource={[]} emptyText="暂无线索" />,
    );
    expect(screen.getByText('暂无线索')).toBeInTheDocument();
    await act(async () => {
      rerender(<PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} loading />);
    });
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).not.toBeNull());
  });

  it('keeps the copies of the column titles that antd measures with out of the keyboard and screen readers', () => {
    renderWithProvider(<PortalTable<Row> rowKey="id" columns={columns} dataSource={rows} onSelectionChange={() => undefined} />);
    const measureRow = document.querySelector('.ant-table-measure-row') as HTMLElement;
    expect(within(measureRow).getAllByRole('checkbox', { hidden: true }).length).toBeGreaterThan(0);
    expect(measureRow).toHaveAttribute('aria-hidden', 'true');
    expect(measureRow).toHaveAttribute('inert');
  });
});
