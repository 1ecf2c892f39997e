import { Flex, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import type { AcceptGroup } from '../../api/scheduleCalls';
import { PersonText } from './texts';

export interface BatchGroupDialogProps {
  open: boolean;
  count: number;
  groups: readonly AcceptGroup[];
  onApply: (acceptGroupId: number | null) => void;
  onClose: () => void;
}

/** 批量设置分组: one accept group (none: 不限) for every chosen row. */
export function BatchGroupDialog({ open, count, groups, onApply, onClose }: BatchGroupDialogProps) {
  const [groupId, setGroupId] = useState<number | null>(null);
  return (
    <Modal
      open={open}
      title={PersonText.BatchGroup}
      onCancel={onClose}
      onOk={() => onApply(groupId)}
      afterClose={() => setGroupId(null)}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          {PersonText.selected(count)}，{PersonText.BatchGroupHint}
        </Typography.Text>
        <Select<number>
          aria-label={PersonText.controlName(PersonText.batchOwner, PersonText.AcceptGroup)}
          value={groupId ?? undefined}
          options={groups.map((group) => ({ value: group.id, label: group.name }))}
          placeholder={PersonText.Unlimited}
          allowClear
          style={{ width: 220 }}
          onChange={(next) => setGroupId(next ?? null)}
        />
      </Flex>
    </Modal>
  );
}
