import { CommonMessage } from '@portal/contracts';
import { type AcceptGroupSave, acceptGroupSaveSchema, CrmMessage } from '@portal/contracts/crm';
import { App, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { ConfirmAction } from './ConfirmAction';
import { EmptyState } from './EmptyState';
import { QueryBlock, type QueryBlockQuery, queryErrorText } from './QueryBlock';

/** The dialog's own texts (the spec's messages come from @portal/contracts). */
export const AcceptGroupsText = {
  Title: '接收组管理',
  Name: '分组名称',
  NamePlaceholder: '请输入分组名称',
  Add: '添加分组',
  Delete: '删除',
  Save: '保存',
  Cancel: '取消',
  Empty: '暂无接收组',
  /** The names of a row's controls, for screen readers: '第1行 分组名称'. */
  controlName: (row: number, control: string): string => `第${row}行 ${control}`,
} as const;

/** An accept group as the server answers it (acceptgroup/listByWyCustomerId). */
export interface AcceptGroup {
  id: number;
  name: string;
}

/** A group being edited: `id` absent for a new one; `key` keeps its row across edits. */
interface GroupRow {
  key: string;
  id?: number;
  name: string;
}

let lastKey = 0;
const nextKey = (): string => `group-${++lastKey}`;
/** The save schema's bound on the list. */
const MAX_GROUPS = 50;
/** The key of a problem of the whole list (too many). */
const LIST = '';

/**
 * The body of POST /es/acceptgroup/saveList (the whole list: rows without id are new, groups left
 * out are deleted), or each row's first problem by its key: the server's own schema, so the dialog
 * refuses what the server would, with its messages ('请输入分组名称', '分组名称不能重复').
 */
function checkGroups(rows: readonly GroupRow[]): { body: AcceptGroupSave; errors?: undefined } | { body?: undefined; errors: Map<string, string> } {
  const result = acceptGroupSaveSchema.safeParse(rows.map((row) => (row.id === undefined ? { name: row.name } : { id: row.id, name: row.name })));
  if (result.success) return { body: result.data };
  const errors = new Map<string, string>();
  for (const issue of result.error.issues) {
    const [index] = issue.path;
    const key = (typeof index === 'number' ? rows[index]?.key : undefined) ?? LIST;
    if (!errors.has(key)) errors.set(key, issue.message);
  }
  return { errors };
}

export interface AcceptGroupsDialogProps {
  open: boolean;
  /** The customer's groups (an RTK Query hook's result). */
  groups: QueryBlockQuery<readonly AcceptGroup[]>;
  /** Sends the whole list; resolves with the groups there are now, rejects with the server's error. */
  save: (body: AcceptGroupSave) => Promise<AcceptGroup[]>;
  saving: boolean;
  onClose: () => void;
  /** The list was saved. */
  onSaved?: (groups: AcceptGroup[]) => void;
  /** A line above the list (what the groups are for on this screen). */
  hint?: ReactNode;
  /** Said when deleting a saved group: what the server deletes with it. */
  deleteHint: string;
}

/**
 * 接收组管理, the customer's accept groups (the CRM rules send leads to one; a schedule's rows
 * belong to one): add, rename and delete ('确定要删除吗?'; 取消: '已取消删除'), then 保存 sends the
 * whole list, checked first as the server checks it; '保存成功！', or the server's reason, else '保存失败'.
 */
export function AcceptGroupsDialog({ open, groups, save, saving, onClose, onSaved, hint, deleteHint }: AcceptGroupsDialogProps) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState<GroupRow[] | null>(null);
  const [checked, setChecked] = useState(false);
  const saved = useMemo(() => (groups.data ?? []).map((group) => ({ key: nextKey(), id: group.id, name: group.name })), [groups.data]);
  const rows = draft ?? saved;
  const errors = checked ? checkGroups(rows).errors : undefined;
  const text = AcceptGroupsText;

  const submit = async () => {
    setChecked(true);
    const result = checkGroups(rows);
    if (!result.body) {
      const listProblem = result.errors.get(LIST);
      if (listProblem) message.warning(listProblem);
      return;
    }
    try {
      const now = await save(result.body);
      message.success(CommonMessage.SaveSucceeded);
      onSaved?.(now);
      onClose();
    } catch (error) {
      message.error(queryErrorText(error, CommonMessage.SaveFailed));
    }
  };

  return (
    <Modal
      open={open}
      title={text.Title}
      okText={text.Save}
      cancelText={text.Cancel}
      okButtonProps={{ disabled: !groups.data }}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => {
        setDraft(null);
        setChecked(false);
      }}
      destroyOnHidden
    >
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <QueryBlock query={groups} isEmpty={() => false} minHeight={80}>
        {() => (
          <Flex vertical gap={8}>
            {rows.length === 0 && <EmptyState description={text.Empty} />}
            {rows.map((row, index) => {
              const error = errors?.get(row.key);
              return (
                <Flex key={row.key} gap={8} align="flex-start">
                  <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0, flex: 1 }}>
                    <Input
                      aria-label={text.controlName(index + 1, text.Name)}
                      value={row.name}
                      maxLength={30}
                      placeholder={text.NamePlaceholder}
                      onChange={(event) => setDraft(rows.map((other) => (other.key === row.key ? { ...other, name: event.target.value } : other)))}
                    />
                  </Form.Item>
                  <ConfirmAction
                    title={CrmMessage.DeleteConfirm}
                    description={row.id === undefined ? undefined : deleteHint}
                    cancelMessage={CrmMessage.DeleteCancelled}
                    onConfirm={() => setDraft(rows.filter((other) => other.key !== row.key))}
                  >
                    <Button type="link" danger aria-label={text.controlName(index + 1, text.Delete)}>
                      {text.Delete}
                    </Button>
                  </ConfirmAction>
                </Flex>
              );
            })}
            <Button type="dashed" disabled={rows.length >= MAX_GROUPS} onClick={() => setDraft([...rows, { key: nextKey(), name: '' }])}>
              {text.Add}
            </Button>
          </Flex>
        )}
      </QueryBlock>
    </Modal>
  );
}
