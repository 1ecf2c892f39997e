import { queryErrorMessage } from '@portal/api-client';
import { ScheduleMessage } from '@portal/contracts/schedule';
import { ConfirmAction, EmptyState, QueryBlock } from '@portal/design-system';
import { App, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useAcceptGroupsQuery, useSaveAcceptGroupsMutation } from '../../api/scheduleCalls';
import type { ScheduleTarget } from '../schedule/target';
import { checkGroups, type GroupRow, groupRows, LIST, MAX_GROUPS, newGroupRow } from './groupsModel';
import { GroupsText } from './texts';

export interface AcceptGroupsButtonProps {
  /** Not read: the groups are the customer's, for every CRM, project and day. */
  target: ScheduleTarget;
}

/**
 * 接收组管理: the customer's accept groups (the rules send leads to a group; the rows of a day
 * belong to one): add, rename and delete ('确定要删除吗?'; 取消: '已取消删除'), then 保存 sends the
 * whole list, checked as the server checks it ('请输入分组名称', '分组名称不能重复').
 */
export function AcceptGroupsButton(_props: AcceptGroupsButtonProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const groups = useAcceptGroupsQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const [saveGroups, saving] = useSaveAcceptGroupsMutation();
  const [draft, setDraft] = useState<GroupRow[] | null>(null);
  const [checked, setChecked] = useState(false);
  const saved = useMemo(() => groupRows(groups.data ?? []), [groups.data]);
  const rows = draft ?? saved;
  const errors = checked ? checkGroups(rows).errors : undefined;

  const save = async () => {
    setChecked(true);
    const result = checkGroups(rows);
    if (!result.body) {
      const listProblem = result.errors.get(LIST);
      if (listProblem) message.warning(listProblem);
      return;
    }
    try {
      await saveGroups(result.body).unwrap();
      message.success(ScheduleMessage.SaveSucceeded);
      setOpen(false);
    } catch (error) {
      message.error(queryErrorMessage(error, ScheduleMessage.SaveFailed));
    }
  };

  const rename = (key: string, name: string) => setDraft(rows.map((row) => (row.key === key ? { ...row, name } : row)));

  return (
    <>
      <Button onClick={() => setOpen(true)}>{GroupsText.Manage}</Button>
      <Modal
        open={open}
        title={GroupsText.Title}
        okText={GroupsText.Save}
        cancelText={GroupsText.Cancel}
        okButtonProps={{ disabled: !groups.data }}
        confirmLoading={saving.isLoading}
        onOk={() => void save()}
        onCancel={() => setOpen(false)}
        afterClose={() => {
          setDraft(null);
          setChecked(false);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{GroupsText.Hint}</Typography.Paragraph>
        <QueryBlock query={groups} isEmpty={() => false} minHeight={80}>
          {() => (
            <Flex vertical gap={8}>
              {rows.length === 0 && <EmptyState description={GroupsText.Empty} />}
              {rows.map((row, index) => {
                const error = errors?.get(row.key);
                return (
                  <Flex key={row.key} gap={8} align="flex-start">
                    <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0, flex: 1 }}>
                      <Input
                        aria-label={GroupsText.controlName(index + 1, GroupsText.Name)}
                        value={row.name}
                        maxLength={30}
                        placeholder={GroupsText.NamePlaceholder}
                        onChange={(event) => rename(row.key, event.target.value)}
                      />
                    </Form.Item>
                    <ConfirmAction
                      title={ScheduleMessage.DeleteConfirm}
                      description={row.id === undefined ? undefined : GroupsText.DeleteHint}
                      cancelMessage={ScheduleMessage.DeleteCancelled}
                      onConfirm={() => setDraft(rows.filter((other) => other.key !== row.key))}
                    >
                      <Button type="link" danger aria-label={GroupsText.controlName(index + 1, GroupsText.Delete)}>
                        {GroupsText.Delete}
                      </Button>
                    </ConfirmAction>
                  </Flex>
                );
              })}
              <Button type="dashed" disabled={rows.length >= MAX_GROUPS} onClick={() => setDraft([...rows, newGroupRow()])}>
                {GroupsText.Add}
              </Button>
            </Flex>
          )}
        </QueryBlock>
      </Modal>
    </>
  );
}
