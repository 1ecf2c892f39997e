import { AssignResourceType, LeadMessage } from '@portal/contracts';
import { AssignMessage, type ResourceRef } from '@portal/contracts/leads';
import { App, Form, Modal, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { assignFailedMessage } from './assignMessages';
import { useAssignToChannelSourceMutation, useAssignToUserMutation, useSearchChannelSourcesQuery, useSearchCrmUsersQuery } from './assignApi';
import { ASSIGN_SEARCH_DEBOUNCE_MS, AssignText } from './texts';
import { useDebouncedValue } from './useDebouncedValue';

/** The two modes that pick a target in a dialog (mode 3 pushes without one). */
export type AssignDialogMode = typeof AssignResourceType.User | typeof AssignResourceType.ChannelSource;

export interface AssignDialogProps {
  open: boolean;
  mode: AssignDialogMode;
  /** The leads to assign. */
  resourceList: readonly ResourceRef[];
  onClose: () => void;
  /** The server took the assignment (the lists reload by themselves). */
  onAssigned: () => void;
}

interface AssignForm {
  target?: number | string;
}

/**
 * The manual assignment dialog (spec 001 section 2): mode 1 picks a call-centre user by name,
 * mode 2 a CRM channel source by name; both searched on the server as the user types. Mode 1
 * offers every staff member, those who cannot take the leads now disabled with the server's reason.
 */
export function AssignDialog({ open, mode, resourceList, onClose, onAssigned }: AssignDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AssignForm>();
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim(), ASSIGN_SEARCH_DEBOUNCE_MS);
  const byUser = mode === AssignResourceType.User;

  const leadIds = resourceList.map((lead) => lead.id);
  const users = useSearchCrmUsersQuery({ userName: keyword, leadIds }, { skip: !open || !byUser });
  const sources = useSearchChannelSourcesQuery(keyword, { skip: !open || byUser });
  const [assignToUser, userCall] = useAssignToUserMutation();
  const [assignToSource, sourceCall] = useAssignToChannelSourceMutation();

  const search = byUser ? users : sources;
  const options = byUser
    ? // Every staff member; those who cannot take these leads now are shown disabled with the server's reason.
      (users.data ?? []).map((user) => {
        const name = user.deptName ? `${user.userName}（${user.deptName}）` : user.userName;
        return user.eligible
          ? { value: user.id, label: name }
          : { value: user.id, disabled: true, label: AssignText.ineligible(name, user.reason ?? AssignText.Unavailable) };
      })
    : (sources.data ?? []).map((source) => ({ value: source.sourceCode, label: source.sourceName }));

  const submit = async () => {
    const { target } = await form.validateFields();
    const list = resourceList.map(({ id, tableName }) => ({ id, tableName }));
    try {
      if (byUser) await assignToUser({ resourceList: list, userId: Number(target) }).unwrap();
      else await assignToSource({ resourceList: list, channelSourceCode: String(target) }).unwrap();
      message.success(LeadMessage.AssignSucceeded);
      onAssigned();
    } catch (error) {
      message.error(assignFailedMessage(error));
    }
  };

  return (
    <Modal
      open={open}
      title={AssignText.Title}
      okText={AssignText.Ok}
      cancelText={AssignText.Cancel}
      confirmLoading={userCall.isLoading || sourceCall.isLoading}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      afterClose={() => setTyped('')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{AssignText.leads(resourceList.length)}</Typography.Paragraph>
      <Form<AssignForm> form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="target"
          label={byUser ? AssignText.UserLabel : AssignText.SourceLabel}
          rules={[{ required: true, message: byUser ? AssignMessage.UserRequired : AssignMessage.SourceRequired }]}
        >
          <Select<number | string>
            placeholder={byUser ? AssignText.UserPlaceholder : AssignText.SourcePlaceholder}
            options={options}
            showSearch={{ filterOption: false, onSearch: setTyped }}
            loading={search.isFetching}
            notFoundContent={search.isFetching ? <Spin size="small" /> : AssignText.NoMatch}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
