import { PlusOutlined } from '@ant-design/icons';
import { queryErrorMessage } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import { FollowUpText, ScheduleMessage } from '@portal/contracts/schedule';
import { QueryBlock } from '@portal/design-system';
import { App, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import {
  type FollowUpRule,
  useFollowUpRulesQuery,
  useItemsQuery,
  useRemoveFollowUpRuleMutation,
  useSaveFollowUpRuleMutation,
} from '../../api/scheduleCalls';
import type { ScheduleTarget } from '../schedule/target';
import { FollowUpRuleDialog } from './FollowUpRuleDialog';
import { freeChoices, hasFreeChoice } from './followUpRules';
import { FollowUpRulesTable } from './FollowUpRulesTable';
import { FollowUpUiText } from './texts';

/** The form dialog: open or closing, 新增 (null) or the rule edited, and which opening (a fresh form each). */
interface Editing {
  open: boolean;
  rule: FollowUpRule | null;
  opening: number;
}

/**
 * The dialog's body: mounted while it is open, so that it asks the server each time it opens. The
 * rules (loading, empty: '尚未设置跟进时限，分配出的线索不限跟进时间', failed: the server's text and
 * 重试), 新增跟进时限, and each rule's 编辑 and 删除 ('跟进时限已删除', else the server's reason or
 * '删除失败！').
 */
function FollowUpRules({ crmCode }: { crmCode: CrmCode }) {
  const { message } = App.useApp();
  const rules = useFollowUpRulesQuery(undefined, { refetchOnMountOrArgChange: true });
  // The page's own project list (the picker's): the projects are the customer's, whatever the CRM.
  const items = useItemsQuery(crmCode);
  const [saveRule, saving] = useSaveFollowUpRuleMutation();
  const [removeRule] = useRemoveFollowUpRuleMutation();
  const [editing, setEditing] = useState<Editing>({ open: false, rule: null, opening: 0 });
  const edit = (rule: FollowUpRule | null) => setEditing(({ opening }) => ({ open: true, rule, opening: opening + 1 }));
  const canAdd = rules.data !== undefined && items.data !== undefined && hasFreeChoice(freeChoices(rules.data, items.data));

  const remove = async (rule: FollowUpRule) => {
    try {
      await removeRule(rule.itemId).unwrap();
      message.success(FollowUpText.Removed);
    } catch (error) {
      message.error(queryErrorMessage(error, ScheduleMessage.DeleteFailed));
    }
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {FollowUpUiText.Hint}
      </Typography.Paragraph>
      <Flex align="center" gap={8} wrap>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={!canAdd} onClick={() => edit(null)}>
          {FollowUpText.Add}
        </Button>
        {rules.data && items.data && !canAdd ? <Typography.Text type="secondary">{FollowUpUiText.AllSet}</Typography.Text> : null}
      </Flex>
      <QueryBlock query={rules} emptyText={FollowUpText.Empty} minHeight={120}>
        {(loaded) => <FollowUpRulesTable rules={loaded} onEdit={edit} onRemove={remove} />}
      </QueryBlock>
      <FollowUpRuleDialog
        key={editing.opening}
        open={editing.open}
        rule={editing.rule}
        rules={rules.data ?? []}
        projects={items.data ?? []}
        save={(body) => saveRule({ body }).unwrap()}
        saving={saving.isLoading}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
    </Flex>
  );
}

export interface FollowUpButtonProps {
  /** Only its CRM is read (for the project list): the deadlines are the customer's, for every CRM and day. */
  target: ScheduleTarget;
}

/**
 * 跟进时限 (issue 24): the customer's follow-up deadlines, per project or one for all projects, in
 * a dialog over the schedule page: how long a lead given to someone on shift may wait for its
 * follow-up, whether only working hours count, and whether an overdue lead is recycled to the next
 * person on shift (at most how many times).
 */
export function FollowUpButton({ target }: FollowUpButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{FollowUpText.Title}</Button>
      <Modal open={open} title={FollowUpText.Title} width={760} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <FollowUpRules crmCode={target.crmCode} />
      </Modal>
    </>
  );
}
