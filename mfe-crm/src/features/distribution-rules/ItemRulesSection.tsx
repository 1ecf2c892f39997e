import { queryErrorMessage } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import { CrmMessage } from '@portal/contracts/crm';
import { PortalTable, QueryBlock, useUnsavedChangesGuard } from '@portal/design-system';
import { App, Button, Flex, Form, InputNumber, Typography, type TableColumnsType } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useGetItemRulesQuery, useSaveItemRulesMutation } from '../field-mapping/mappingApi';
import { checkItemRules, type ItemRuleDraft, itemRulesFromAnswer, type RowMessages } from './rulesModel';
import { ItemRulesText } from './texts';

export interface ItemRulesSectionProps {
  crmCode: CrmCode;
}

type NumberField = 'dataNum' | 'dataNumLimit' | 'sort';

/** The edited numbers. 已分配数量 (distributeNum) is the server's count: shown, never edited. */
const NUMBER_COLUMNS: Array<{ field: NumberField; title: string; placeholder?: string }> = [
  { field: 'dataNum', title: ItemRulesText.DataNum },
  { field: 'dataNumLimit', title: ItemRulesText.DataNumLimit, placeholder: ItemRulesText.Unlimited },
  { field: 'sort', title: ItemRulesText.Sort },
];

/**
 * The per-project rule rows (spec 001 section 2, "the rule-row variant"): each project's quantity
 * per round (dataNum, default 1), daily cap (dataNumLimit, empty for unlimited), distributed count
 * (distributeNum, default 0: shown, not editable) and order, whole numbers only; 保存 sends every
 * row. A number is kept as typed (-3 stays -3, never clamped to 0) and 保存 refuses it with the
 * contracts' message; leaving with edits not saved asks first.
 */
export function ItemRulesSection({ crmCode }: ItemRulesSectionProps) {
  const { message } = App.useApp();
  const rules = useGetItemRulesQuery(crmCode);
  const [saveRules, saving] = useSaveItemRulesMutation();
  const [draft, setDraft] = useState<{ crmCode: CrmCode; rows: ItemRuleDraft[]; saved?: boolean } | null>(null);
  const scopeId = useId();
  const [checked, setChecked] = useState(false);
  const saved = useMemo(() => itemRulesFromAnswer(rules.currentData ?? []), [rules.currentData]);
  const rows = draft !== null && draft.crmCode === crmCode ? draft.rows : saved;
  useUnsavedChangesGuard(draft !== null && draft.crmCode === crmCode && draft.saved !== true);
  const errors: ReadonlyMap<string, RowMessages> | undefined = checked ? checkItemRules(crmCode, rows).errors : undefined;
  const change = (key: string, field: NumberField, value: number | null) =>
    setDraft({ crmCode, rows: rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)) });

  const save = async () => {
    setChecked(true);
    const { body } = checkItemRules(crmCode, rows);
    if (!body) return;
    try {
      await saveRules(body).unwrap();
      setDraft({ crmCode, rows, saved: true });
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
              aria-invalid={error ? true : undefined}
              value={row[field]}
              placeholder={placeholder}
              style={{ width: 110 }}
              onChange={(value) => change(row.key, field, typeof value === 'number' && !Number.isNaN(value) ? value : null)}
            />
          </Form.Item>
        );
      },
    })),
    {
      key: 'distributeNum',
      dataIndex: 'distributeNum',
      title: ItemRulesText.DistributeNum,
      render: (count: number | null) => count ?? 0,
    },
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
        <Flex align="center" gap={8}>
          <Typography.Text id={scopeId} type="secondary">
            {ItemRulesText.SaveScope}
          </Typography.Text>
          <Button
            type="primary"
            aria-describedby={scopeId}
            loading={saving.isLoading}
            disabled={!rules.currentData || rows.length === 0}
            onClick={() => void save()}
          >
            {ItemRulesText.Save}
          </Button>
        </Flex>
      </Flex>
      <QueryBlock query={rules} keepPrevious={false} emptyText={ItemRulesText.Empty}>
        {() => <PortalTable<ItemRuleDraft> rowKey="key" size="middle" columns={columns} dataSource={rows} pagination={false} />}
      </QueryBlock>
    </section>
  );
}
