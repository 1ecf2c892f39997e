import type { ScheduleStaff } from '@portal/contracts/schedule';
import { EmptyState } from '@portal/design-system';
import { Flex, Input, Tag, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { checkedKeys, filterStaff, pickedAfterCheck, type StaffNode, staffTree } from './staffTree';
import { StaffText } from './texts';

export interface StaffTreeProps {
  /** The staff list of the day (crmuser/list), with who is scheduled already. */
  staff: readonly ScheduleStaff[];
  /** The staff ids picked to add. */
  picked: ReadonlySet<number>;
  onPick: (picked: Set<number>) => void;
}

function NodeTitle({ node }: { node: StaffNode }) {
  if (node.staffId === undefined) return <>{node.title}</>;
  return (
    <span>
      {node.title}
      {node.phone && (
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          {node.phone}
        </Typography.Text>
      )}
      {node.disabled && (
        <Tag style={{ marginLeft: 8 }} variant="filled">
          {StaffText.Scheduled}
        </Tag>
      )}
    </span>
  );
}

/**
 * The staff tree of 添加人员: members grouped by department, those already on the day's schedule
 * shown checked and disabled, a name filter (picks of members filtered out are kept).
 */
export function StaffTree({ staff, picked, onPick }: StaffTreeProps) {
  const [filter, setFilter] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const tree = useMemo(() => staffTree(filterStaff(staff, filter)), [staff, filter]);

  return (
    <Flex vertical gap={8}>
      <Input.Search allowClear placeholder={StaffText.Filter} aria-label={StaffText.Filter} onChange={(event) => setFilter(event.target.value)} />
      <Typography.Text type="secondary">{StaffText.picked(picked.size)}</Typography.Text>
      {tree.length === 0 ? (
        <EmptyState description={staff.length === 0 ? StaffText.Empty : StaffText.NoMatch} />
      ) : (
        <div style={{ maxHeight: 360, overflowY: 'auto' }}>
          <Tree<StaffNode>
            aria-label={StaffText.Tree}
            checkable
            selectable={false}
            treeData={tree}
            titleRender={(node) => <NodeTitle node={node} />}
            expandedKeys={tree.map((dept) => dept.key).filter((key) => !collapsed.has(key))}
            onExpand={(expanded) =>
              setCollapsed(
                new Set([
                  ...[...collapsed].filter((key) => !tree.some((dept) => dept.key === key)),
                  ...tree.map((dept) => dept.key).filter((key) => !expanded.includes(key)),
                ]),
              )
            }
            checkedKeys={checkedKeys(tree, picked)}
            onCheck={(checked) => onPick(pickedAfterCheck(tree, picked, Array.isArray(checked) ? checked : checked.checked))}
          />
        </div>
      )}
    </Flex>
  );
}
