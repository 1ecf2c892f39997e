import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { PortalTable, type PortalTableProps } from './PortalTable';
import { DesignSystemText } from './texts';
import { usePagedSelection } from './usePagedSelection';

interface Lead {
  id: number;
  itemTitle: string;
  name: string;
  mobile: string;
  createTime: string;
}

const allLeads: Lead[] = Array.from({ length: 57 }, (_, i) => ({
  id: i + 1,
  itemTitle: i % 2 ? '餐饮加盟' : '教育培训',
  name: `客户${i + 1}`,
  mobile: `1380013${String(8000 + i).padStart(4, '0')}`,
  createTime: `2024-05-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`,
}));

const columns: PortalTableProps<Lead>['columns'] = [
  { title: '项目名称', dataIndex: 'itemTitle' },
  { title: '姓名', dataIndex: 'name' },
  { title: '电话', dataIndex: 'mobile' },
  { title: '创建时间', dataIndex: 'createTime' },
];

/** Called when a choice would pass the limit (a screen shows the contracts' message). */
const overLimit = fn();

/** A list page's state: the page, its size and the selection, as a screen keeps them. */
function LeadTable(props: Partial<PortalTableProps<Lead>> & { selectable?: boolean }) {
  const { selectable, ...rest } = props;
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const rows = allLeads.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);
  const selection = usePagedSelection<Lead>({ rows, rowKey: (lead) => lead.id, resetKey: '', max: 25, onLimit: overLimit });
  return (
    <>
      {selectable ? <p>{DesignSystemText.selected(selection.count)}</p> : null}
      <PortalTable<Lead>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={{ ...page, total: allLeads.length }}
        onPageChange={(next, pageSize) => setPage({ page: next, pageSize })}
        selection={selectable ? selection : undefined}
        {...rest}
      />
    </>
  );
}

const meta = {
  title: 'design-system/PortalTable',
  component: PortalTable,
  args: { onPageChange: fn() },
} satisfies Meta<typeof PortalTable>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Total '共 57 条', sizes 10-100, prev, pager, next, jumper. */
export const Paged: Story = { render: () => <LeadTable /> };
/**
 * Rows stay chosen across pages (at most 25 here); 全选 and 反选 (this page) and 清空 (every page)
 * sit in the header checkbox's menu.
 */
export const Selectable: Story = { render: () => <LeadTable selectable /> };
export const Loading: Story = { render: () => <LeadTable loading /> };
export const Empty: Story = {
  render: () => <LeadTable dataSource={[]} pagination={{ page: 1, pageSize: 10, total: 0 }} emptyText="暂无线索" />,
};
