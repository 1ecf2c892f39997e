import { REGION_PROVINCES, REGIONS } from '@portal/contracts/crm';
import { Select } from 'antd';
import { type AreaRowDraft, provincesTakenElsewhere } from './rulesModel';
import { RuleField, RuleRows, type RuleRowsProps } from './RuleRows';
import { RulesText } from './texts';

export type AreaRuleRowsProps = RuleRowsProps<AreaRowDraft>;

/** The provinces of the seven regions, grouped; a province another row has chosen is disabled. */
const provinceOptions = (taken: ReadonlySet<string>) =>
  REGIONS.map((region) => ({
    label: region,
    title: region,
    options: REGION_PROVINCES[region].map((province) => ({ value: province, label: province, disabled: taken.has(province) })),
  }));

/** Step 2 by region: each row's provinces (grouped by the seven regions, each province in one row only) to an accept group. */
export function AreaRuleRows(props: AreaRuleRowsProps) {
  return (
    <RuleRows
      {...props}
      control={({ row, number, messages, idPrefix, change }) => (
        <RuleField label={RulesText.Provinces} htmlFor={`${idPrefix}-provinces`} error={messages?.provinceList} style={{ flex: '1 1 360px' }}>
          <Select<string[]>
            mode="multiple"
            id={`${idPrefix}-provinces`}
            aria-label={RulesText.controlName(number, RulesText.Provinces)}
            value={row.provinceList}
            placeholder={RulesText.ProvincePlaceholder}
            options={provinceOptions(provincesTakenElsewhere(props.rows, row.key))}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            onChange={(provinceList) => change({ provinceList })}
          />
        </RuleField>
      )}
    />
  );
}
