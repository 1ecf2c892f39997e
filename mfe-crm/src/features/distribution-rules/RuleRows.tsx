import { CrmMessage } from '@portal/contracts/crm';
import { ConfirmAction } from '@portal/design-system';
import { Button, Flex, Form, Select } from 'antd';
import { type CSSProperties, type ReactNode, useId } from 'react';
import type { AcceptGroup } from '../field-mapping/mappingApi';
import type { RowMessages } from './rulesModel';
import { RulesText } from './texts';

/** What every step 2 row has: its key and the accept group it sends to. */
export interface RuleRowDraft {
  key: string;
  acceptGroupId: number | null;
}

export interface RuleRowsProps<Row extends RuleRowDraft> {
  rows: readonly Row[];
  groups: readonly AcceptGroup[];
  errors?: ReadonlyMap<string, RowMessages>;
  onChange: (rows: Row[]) => void;
}

/** A row's own control, as RuleRows asks for it. */
export interface RuleRowControl<Row extends RuleRowDraft> {
  row: Row;
  /** 1-based, for the controls' accessible names. */
  number: number;
  messages?: RowMessages;
  /** The prefix of the ids of the row's controls. */
  idPrefix: string;
  change(patch: Partial<Row>): void;
}

/** One labelled, required control of a row, with its error message under it. */
export function RuleField({
  label,
  htmlFor,
  error,
  style,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={htmlFor}
      required
      validateStatus={error ? 'error' : undefined}
      help={error}
      style={{ marginBottom: 0, ...style }}
    >
      {children}
    </Form.Item>
  );
}

/**
 * The rows of step 2: each row's own control (`control`), then its accept group and a delete
 * button that asks first.
 */
export function RuleRows<Row extends RuleRowDraft>({
  rows,
  groups,
  errors,
  onChange,
  control,
}: RuleRowsProps<Row> & { control: (props: RuleRowControl<Row>) => ReactNode }) {
  const change = (key: string, patch: Partial<Row>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const groupOptions = groups.map((group) => ({ value: group.id, label: group.name }));
  const id = useId();
  return (
    <Flex vertical gap={12}>
      {rows.map((row, index) => {
        const messages = errors?.get(row.key);
        const idPrefix = `${id}-${row.key}`;
        return (
          <Flex key={row.key} gap={12} align="flex-start" wrap>
            {control({ row, number: index + 1, messages, idPrefix, change: (patch) => change(row.key, patch) })}
            <RuleField label={RulesText.AcceptGroup} htmlFor={`${idPrefix}-group`} error={messages?.acceptGroupId}>
              <Select<number>
                id={`${idPrefix}-group`}
                aria-label={RulesText.controlName(index + 1, RulesText.AcceptGroup)}
                value={row.acceptGroupId ?? undefined}
                placeholder={RulesText.AcceptGroupPlaceholder}
                options={groupOptions}
                style={{ width: 160 }}
                onChange={(acceptGroupId) => change(row.key, { acceptGroupId } as Partial<Row>)}
              />
            </RuleField>
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
