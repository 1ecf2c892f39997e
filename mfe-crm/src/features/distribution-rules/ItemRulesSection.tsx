import { queryErrorMessage } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import { CrmMessage } from '@portal/contracts/crm';
import { PortalTable, QueryBlock } from '@portal/design-system';
import { App, Button, Flex, Form, InputNumber, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useGetItemRulesQuery, useSaveItemRulesMutation } from '../field-mapping/mappingApi';
import { checkItemRules, type ItemRuleDraft, itemRulesFromAnswer, type RowMessages } from './rulesModel';
import { ItemRulesText } from './texts';

export interface ItemRulesSectionProps {
  crmCode: CrmCode;
}

type NumberField = 'dataNum' | 'dataNumLimit' | 'distributeNum' | 'sort';

const NUMBER_COLUMNS: Array<{ field: NumberField; title: string; placeholder?: string }> = [
  { field: 'dataNum', title: ItemRulesText.DataNum },
  { field: 'dataNumLimit', title: ItemRulesText.DataNumLimit, placeholder: ItemRulesText.Unlimited },
  { field: 'distributeNum', title: ItemRulesText.DistributeNum },
  { field: 'sort', title: ItemRulesText.Sort },
];

/**
 * The per-project rule rows (spec 001 section 2, "the rule-row variant"): each project's quantity
 * per round (dataNum, default 1), daily cap (dataNumLimit, empty for unlimited), distributed count
 * (distributeNum, default 0) and order, whole numbers only; 保存 sends every row.
 */
export function ItemRulesSection({ crmCode }: ItemRulesSectionProps) {
  const { message } = App.useApp();
  const rules = useGetItemRulesQuery(crmCode);
  const [saveRules, saving] = useSaveItemRulesMutation();
  const [draft, setDraft] = useState<{ crmCode: CrmCode; rows: ItemRuleDraft[] } | null>(null);
  const [checked, setChecked] = useState(false);
  const saved = useMemo(() => itemRulesFromAnswer(rules.currentData ?? []), [rules.currentData]);
  const rows = draft !== null && draft.crmCode === crmCode ? draft.rows : saved;
  const errors: ReadonlyMap<string, RowMessages> | undefined = checked ? checkItemRules(crmCode, rows).errors : undefined;
  const change = (key: string, field: NumberField, value: number | null) =>
    setDraft({ crmCode, rows: rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)) });

  const save = async () => {
    setChecked(true);
    const { body } = checkItemRules(crmCode, rows);
    if (!body) return;
    try {
      await saveRules(body).unwrap();
      message.success(CrmMessage.SaveSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CrmMessage.SaveFailed));
    }
  };

  const columns: TableColumnsType<ItemRuleDraft> = [
    { key: 'itemName', dataIndex: 'itemName', title: ItemRulesText.Project },
    { key: 'crmFName', dataIndex: 'crmFName', title: ItemRulesText.Source, render: (name: string | null) => name || ItemRulesText.None },
    ...NUMBER_COLUMNS.map(({ field, title, placeholder }) => ({
      key: field,
      title,
      render: (_value: unknown, row: ItemRuleDraft) => {
        const error = errors?.get(row.key)?.[field];
        return (
          <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0 }}>
            <InputNumber<number>
              aria-label={ItemRulesText.controlName(row.itemName, title)}
              value={row[field]}
              min={0}
              precision={0}
              placeholder={placeholder}
              style={{ width: 110 }}
              onChange={(value) => change(row.key, field, typeof value === 'number' && Number.isFinite(value) ? value : null)}
            />
          </Form.Item>
        );
      },
    })),
  ];

  return (
    <section>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {ItemRulesText.Title}
          </Typography.Title>
          <Typography.Text type="secondary">{ItemRulesText.Hint}</Typography.Text>
        </Flex>
        <Button type="primary" loading={saving.isLoading} disabled={!rules.currentData || rows.length === 0} onClick={() => void save()}>
          {ItemRulesText.Save}
        </Button>
      </Flex>
      <QueryBlock query={rules} keepPrevious={false} emptyText={ItemRulesText.Empty}>
        {() => <PortalTable<ItemRuleDraft> rowKey="key" size="middle" columns={columns} dataSource={rows} pagination={false} />}
      </QueryBlock>
    </section>
  );
}
