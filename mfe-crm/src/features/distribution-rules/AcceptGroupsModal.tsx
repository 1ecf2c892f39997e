import { queryErrorMessage } from '@portal/api-client';
import { CrmMessage } from '@portal/contracts/crm';
import { ConfirmAction, EmptyState, QueryBlock } from '@portal/design-system';
import { App, Button, Flex, Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { type AcceptGroup, useGetAcceptGroupsQuery, useSaveAcceptGroupsMutation } from '../field-mapping/mappingApi';
import { checkGroups, emptyGroup, type GroupDraft, groupsFromAnswer } from './rulesModel';
import { GroupsText, RulesText } from './texts';

export interface AcceptGroupsModalProps {
  open: boolean;
  onClose: () => void;
  /** The list was saved: the groups there are now. */
  onSaved?: (groups: AcceptGroup[]) => void;
}

/**
 * The accept groups (接收组) the rule rows send leads to: add, rename and delete, then 保存 sends
 * the whole list (groups without an id are new, groups left out are deleted with their rule rows).
 */
export function AcceptGroupsModal({ open, onClose, onSaved }: AcceptGroupsModalProps) {
  const { message } = App.useApp();
  const groups = useGetAcceptGroupsQuery();
  const [saveGroups, saving] = useSaveAcceptGroupsMutation();
  const [draft, setDraft] = useState<GroupDraft[] | null>(null);
  const [checked, setChecked] = useState(false);
  const saved = useMemo(() => groupsFromAnswer(groups.data ?? []), [groups.data]);
  const rows = draft ?? saved;
  const errors = checked ? checkGroups(rows).errors : undefined;

  const save = async () => {
    setChecked(true);
    const { body } = checkGroups(rows);
    if (!body) return;
    try {
      const savedGroups = await saveGroups(body).unwrap();
      message.success(CrmMessage.SaveSucceeded);
      onSaved?.(savedGroups);
      onClose();
    } catch (error) {
      message.error(queryErrorMessage(error, CrmMessage.SaveFailed));
    }
  };

  return (
    <Modal
      open={open}
      title={GroupsText.Title}
      okText={GroupsText.Save}
      cancelText={GroupsText.Cancel}
      okButtonProps={{ disabled: !groups.data }}
      confirmLoading={saving.isLoading}
      onOk={() => void save()}
      onCancel={onClose}
      afterClose={() => {
        setDraft(null);
        setChecked(false);
      }}
      destroyOnHidden
    >
      <QueryBlock query={groups} isEmpty={() => false} minHeight={80}>
        {() => (
          <Flex vertical gap={8}>
            {rows.length === 0 && <EmptyState description={GroupsText.Empty} />}
            {rows.map((row, index) => {
              const error = errors?.get(row.key)?.name;
              return (
                <Flex key={row.key} gap={8} align="flex-start">
                  <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0, flex: 1 }}>
                    <Input
                      aria-label={RulesText.controlName(index + 1, GroupsText.Name)}
                      value={row.name}
                      maxLength={30}
                      placeholder={GroupsText.NamePlaceholder}
                      onChange={(event) => setDraft(rows.map((other) => (other.key === row.key ? { ...other, name: event.target.value } : other)))}
                    />
                  </Form.Item>
                  <ConfirmAction
                    title={CrmMessage.DeleteConfirm}
                    description={row.id === undefined ? undefined : GroupsText.DeleteHint}
                    cancelMessage={CrmMessage.DeleteCancelled}
                    onConfirm={() => setDraft(rows.filter((other) => other.key !== row.key))}
                  >
                    <Button type="link" danger aria-label={RulesText.controlName(index + 1, GroupsText.Delete)}>
                      {GroupsText.Delete}
                    </Button>
                  </ConfirmAction>
                </Flex>
              );
            })}
            <Button type="dashed" onClick={() => setDraft([...rows, emptyGroup()])}>
              {GroupsText.Add}
            </Button>
          </Flex>
        )}
      </QueryBlock>
    </Modal>
  );
}
