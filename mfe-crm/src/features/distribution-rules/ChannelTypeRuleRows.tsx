import { CHANNEL_TYPE_LABELS } from '@portal/contracts/crm';
import { Select } from 'antd';
import { channelTypesTakenElsewhere, type ChannelRowDraft, type ChannelTypeValue } from './rulesModel';
import { RuleField, RuleRows, type RuleRowsProps } from './RuleRows';
import { RulesText } from './texts';

export type ChannelTypeRuleRowsProps = RuleRowsProps<ChannelRowDraft>;

const CHANNEL_TYPES = Object.entries(CHANNEL_TYPE_LABELS).map(([value, label]) => ({ value: Number(value) as ChannelTypeValue, label }));

/** Step 2 by channel type: 竞价 (1) or 信息流 (2), each in one row only, to an accept group. */
export function ChannelTypeRuleRows(props: ChannelTypeRuleRowsProps) {
  return (
    <RuleRows
      {...props}
      control={({ row, number, messages, idPrefix, change }) => {
        const taken = channelTypesTakenElsewhere(props.rows, row.key);
        return (
          <RuleField label={RulesText.ChannelType} htmlFor={`${idPrefix}-type`} error={messages?.channelType}>
            <Select<ChannelTypeValue>
              id={`${idPrefix}-type`}
              aria-label={RulesText.controlName(number, RulesText.ChannelType)}
              value={row.channelType ?? undefined}
              placeholder={RulesText.ChannelTypePlaceholder}
              options={CHANNEL_TYPES.map((option) => ({ ...option, disabled: taken.has(option.value) }))}
              style={{ width: 160 }}
              onChange={(channelType) => change({ channelType })}
            />
          </RuleField>
        );
      }}
    />
  );
}
