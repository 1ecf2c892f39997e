import { CHANNEL_TYPE_LABELS, CrmMessage } from '@portal/contracts/crm';
import { ConfirmAction } from '@portal/design-system';
import { Button, Flex, Form, Select } from 'antd';
import { useId } from 'react';
import type { AcceptGroup } from '../field-mapping/mappingApi';
import { channelTypesTakenElsewhere, type ChannelRowDraft, type ChannelTypeValue, type RowMessages } from './rulesModel';
import { RulesText } from './texts';

export interface ChannelTypeRuleRowsProps {
  rows: readonly ChannelRowDraft[];
  groups: readonly AcceptGroup[];
  errors?: ReadonlyMap<string, RowMessages>;
  onChange: (rows: ChannelRowDraft[]) => void;
}

const CHANNEL_TYPES = Object.entries(CHANNEL_TYPE_LABELS).map(([value, label]) => ({ value: Number(value) as ChannelTypeValue, label }));

/** Step 2 by channel type: 竞价 (1) or 信息流 (2), each in one row only, to an accept group. */
export function ChannelTypeRuleRows({ rows, groups, errors, onChange }: ChannelTypeRuleRowsProps) {
  const change = (key: string, patch: Partial<ChannelRowDraft>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const groupOptions = groups.map((group) => ({ value: group.id, label: group.name }));
  const id = useId();
  return (
    <Flex vertical gap={12}>
      {rows.map((row, index) => {
        const messages = errors?.get(row.key);
        const taken = channelTypesTakenElsewhere(rows, row.key);
        return (
          <Flex key={row.key} gap={12} align="flex-start" wrap>
            <Form.Item
              label={RulesText.ChannelType}
              htmlFor={`${id}-${row.key}-type`}
              required
              validateStatus={messages?.channelType ? 'error' : undefined}
              help={messages?.channelType}
              style={{ marginBottom: 0 }}
            >
              <Select<ChannelTypeValue>
                id={`${id}-${row.key}-type`}
                aria-label={RulesText.controlName(index + 1, RulesText.ChannelType)}
                value={row.channelType ?? undefined}
                placeholder={RulesText.ChannelTypePlaceholder}
                options={CHANNEL_TYPES.map((option) => ({ ...option, disabled: taken.has(option.value) }))}
                style={{ width: 160 }}
                onChange={(channelType) => change(row.key, { channelType })}
              />
            </Form.Item>
            <Form.Item
              label={RulesText.AcceptGroup}
              htmlFor={`${id}-${row.key}-group`}
              required
              validateStatus={messages?.acceptGroupId ? 'error' : undefined}
              help={messages?.acceptGroupId}
              style={{ marginBottom: 0 }}
            >
              <Select<number>
                id={`${id}-${row.key}-group`}
                aria-label={RulesText.controlName(index + 1, RulesText.AcceptGroup)}
                value={row.acceptGroupId ?? undefined}
                placeholder={RulesText.AcceptGroupPlaceholder}
                options={groupOptions}
                style={{ width: 160 }}
                onChange={(acceptGroupId) => change(row.key, { acceptGroupId })}
              />
            </Form.Item>
            <ConfirmAction
              title={CrmMessage.DeleteConfirm}
              cancelMessage={CrmMessage.DeleteCancelled}
              onConfirm={() => onChange(rows.filter((other) => other.key !== row.key))}
            >
              <Button type="link" danger aria-label={RulesText.controlName(index + 1, RulesText.Delete)}>
                {RulesText.Delete}
              </Button>
            </ConfirmAction>
          </Flex>
        );
      })}
    </Flex>
  );
}
