import { CrmMessage, REGION_PROVINCES } from '@portal/contracts/crm';
import { REGIONS } from '@portal/contracts';
import { ConfirmAction } from '@portal/design-system';
import { Button, Flex, Form, Select } from 'antd';
import { useId } from 'react';
import type { AcceptGroup } from '../field-mapping/mappingApi';
import { type AreaRowDraft, provincesTakenElsewhere, type RowMessages } from './rulesModel';
import { RulesText } from './texts';

export interface AreaRuleRowsProps {
  rows: readonly AreaRowDraft[];
  groups: readonly AcceptGroup[];
  errors?: ReadonlyMap<string, RowMessages>;
  onChange: (rows: AreaRowDraft[]) => void;
}

/** The provinces of the seven regions, grouped; a province another row has chosen is disabled. */
const provinceOptions = (taken: ReadonlySet<string>) =>
  REGIONS.map((region) => ({
    label: region,
    title: region,
    options: REGION_PROVINCES[region].map((province) => ({ value: province, label: province, disabled: taken.has(province) })),
  }));

/** Step 2 by region: each row's provinces (grouped by the seven regions, each province in one row only) to an accept group. */
export function AreaRuleRows({ rows, groups, errors, onChange }: AreaRuleRowsProps) {
  const change = (key: string, patch: Partial<AreaRowDraft>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const groupOptions = groups.map((group) => ({ value: group.id, label: group.name }));
  const id = useId();
  return (
    <Flex vertical gap={12}>
      {rows.map((row, index) => {
        const messages = errors?.get(row.key);
        return (
          <Flex key={row.key} gap={12} align="flex-start" wrap>
            <Form.Item
              label={RulesText.Provinces}
              htmlFor={`${id}-${row.key}-provinces`}
              required
              validateStatus={messages?.provinceList ? 'error' : undefined}
              help={messages?.provinceList}
              style={{ marginBottom: 0, flex: '1 1 360px' }}
            >
              <Select<string[]>
                mode="multiple"
                id={`${id}-${row.key}-provinces`}
                aria-label={RulesText.controlName(index + 1, RulesText.Provinces)}
                value={row.provinceList}
                placeholder={RulesText.ProvincePlaceholder}
                options={provinceOptions(provincesTakenElsewhere(rows, row.key))}
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                onChange={(provinceList) => change(row.key, { provinceList })}
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
