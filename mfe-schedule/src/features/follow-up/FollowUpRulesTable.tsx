import { FollowUpText, ScheduleMessage } from '@portal/contracts/schedule';
import { ConfirmAction, PortalTable } from '@portal/design-system';
import { Button, Flex, type TableColumnsType } from 'antd';
import type { FollowUpRule } from '../../api/scheduleCalls';
import { ruleProject } from './followUpRules';
import { FollowUpUiText } from './texts';

const yesNo = (value: boolean): string => (value ? FollowUpUiText.Yes : FollowUpUiText.No);

export interface FollowUpRulesTableProps {
  rules: readonly FollowUpRule[];
  onEdit: (rule: FollowUpRule) => void;
  /** 删除, once confirmed; while its promise is pending the confirmation's button shows loading. */
  onRemove: (rule: FollowUpRule) => Promise<unknown>;
}

/**
 * The customer's follow-up deadlines, as the server lists them (全部项目 first): the project, the
 * minutes, whether only working hours count, whether an overdue lead is recycled and at most how
 * many times ('—' when it is not), and 编辑 and 删除 (asks '确定要删除吗?'; 取消: '已取消删除').
 */
export function FollowUpRulesTable({ rules, onEdit, onRemove }: FollowUpRulesTableProps) {
  const columns: TableColumnsType<FollowUpRule> = [
    { key: 'project', title: FollowUpText.Project, render: (_value, rule) => ruleProject(rule) },
    { key: 'deadline', title: FollowUpText.Deadline, dataIndex: 'deadlineMinutes', align: 'right' },
    { key: 'workingHours', title: FollowUpUiText.WorkingHours, dataIndex: 'workingHoursOnly', render: yesNo },
    { key: 'recycle', title: FollowUpText.Recycle, dataIndex: 'recycle', render: yesNo },
    {
      key: 'recycleLimit',
      title: FollowUpText.RecycleLimit,
      align: 'right',
      render: (_value, rule) => (rule.recycle ? rule.recycleLimit : FollowUpUiText.NoRecycle),
    },
    {
      key: 'actions',
      title: FollowUpUiText.Actions,
      render: (_value, rule) => (
        <Flex gap={4}>
          <Button type="link" size="small" aria-label={FollowUpUiText.edit(ruleProject(rule))} onClick={() => onEdit(rule)}>
            {FollowUpUiText.Edit}
          </Button>
          <ConfirmAction title={ScheduleMessage.DeleteConfirm} cancelMessage={ScheduleMessage.DeleteCancelled} onConfirm={() => onRemove(rule)}>
            <Button type="link" size="small" danger aria-label={FollowUpUiText.remove(ruleProject(rule))}>
              {FollowUpText.Remove}
            </Button>
          </ConfirmAction>
        </Flex>
      ),
    },
  ];
  return (
    <PortalTable<FollowUpRule>
      aria-label={FollowUpText.Title}
      rowKey="itemId"
      columns={columns}
      dataSource={[...rules]}
      pagination={false}
      size="small"
    />
  );
}
