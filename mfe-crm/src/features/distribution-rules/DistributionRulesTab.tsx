import { queryErrorMessage } from '@portal/api-client';
import { type CrmCode } from '@portal/contracts';
import { CrmMessage, DISTRIBUTION_TYPE_LABELS, DistributionType } from '@portal/contracts/crm';
import { QueryBlock, useUnsavedChangesGuard } from '@portal/design-system';
import { Alert, App, Button, Flex, Radio, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useGetAcceptGroupsQuery, useGetRulesQuery, useSaveRulesMutation } from '../field-mapping/mappingApi';
import { AcceptGroupsModal } from './AcceptGroupsModal';
import { AreaRuleRows } from './AreaRuleRows';
import { ChannelTypeRuleRows } from './ChannelTypeRuleRows';
import { ItemRulesSection } from './ItemRulesSection';
import {
  checkRules,
  chooseType,
  type DistributionTypeValue,
  emptyAreaRow,
  emptyChannelRow,
  type RulesDraft,
  rulesFromAnswer,
  withoutGoneGroups,
} from './rulesModel';
import { RulesText } from './texts';

export interface DistributionRulesTabProps {
  crmCode: CrmCode;
}

const TYPE_OPTIONS = Object.entries(DISTRIBUTION_TYPE_LABELS).map(([value, label]) => ({ value: Number(value) as DistributionTypeValue, label }));
/** Each channel type may have one row: no more rows than types. */
const CHANNEL_TYPE_COUNT = 2;

/**
 * The distribution rule (spec 001 section 2 "Distribution rules page"): step 1 the type (不限,
 * 按资源地域, 按渠道类型), step 2 its rows to accept groups, 添加规则, 删除 (asking first), 保存;
 * and the accept groups themselves (管理接收组).
 */
function RulesSection({ crmCode }: DistributionRulesTabProps) {
  const { message } = App.useApp();
  const rules = useGetRulesQuery(crmCode);
  const groups = useGetAcceptGroupsQuery();
  const [saveRules, saving] = useSaveRulesMutation();
  const [draft, setDraft] = useState<{ crmCode: CrmCode; rules: RulesDraft; saved?: boolean } | null>(null);
  const scopeId = useId();
  const [checked, setChecked] = useState(false);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const saved = useMemo(() => (rules.currentData ? rulesFromAnswer(rules.currentData) : null), [rules.currentData]);
  const current = draft !== null && draft.crmCode === crmCode ? draft.rules : saved;
  // Edits not saved yet: leaving asks first.
  useUnsavedChangesGuard(draft !== null && draft.crmCode === crmCode && draft.saved !== true);
  const errors = checked && current ? checkRules(crmCode, current).errors : undefined;
  const edit = (next: RulesDraft) => setDraft({ crmCode, rules: next });
  const groupList = groups.data ?? [];

  const save = async () => {
    if (!current) return;
    setChecked(true);
    const { body } = checkRules(crmCode, current);
    if (!body) return;
    try {
      await saveRules(body).unwrap();
      setDraft({ crmCode, rules: current, saved: true });
      message.success(CrmMessage.SaveSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CrmMessage.SaveFailed));
    }
  };

  const addRow = (rulesNow: RulesDraft) =>
    edit(
      rulesNow.type === DistributionType.ByRegion
        ? { ...rulesNow, areaRows: [...rulesNow.areaRows, emptyAreaRow()] }
        : { ...rulesNow, channelRows: [...rulesNow.channelRows, emptyChannelRow()] },
    );

  return (
    <section>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {RulesText.Title}
        </Typography.Title>
        <Flex gap={8}>
          <Button onClick={() => setGroupsOpen(true)}>{RulesText.ManageGroups}</Button>
          <Typography.Text id={scopeId} type="secondary" style={{ alignSelf: 'center' }}>
            {RulesText.SaveScope}
          </Typography.Text>
          <Button type="primary" aria-describedby={scopeId} loading={saving.isLoading} disabled={!current} onClick={() => void save()}>
            {RulesText.Save}
          </Button>
        </Flex>
      </Flex>
      <QueryBlock query={rules} keepPrevious={false} isEmpty={() => false}>
        {() =>
          current && (
            <Flex vertical gap={12}>
              <Typography.Text strong id="rules-step-1">
                {RulesText.Step1}
              </Typography.Text>
              <Radio.Group
                aria-labelledby="rules-step-1"
                options={TYPE_OPTIONS}
                value={current.type}
                onChange={(event) => edit(chooseType(current, event.target.value as DistributionTypeValue))}
              />
              {current.type === DistributionType.Unlimited ? (
                <Typography.Text type="secondary">{RulesText.UnlimitedHint}</Typography.Text>
              ) : (
                <>
                  <Typography.Text strong>{RulesText.Step2}</Typography.Text>
                  {groups.data?.length === 0 && <Alert type="info" showIcon title={RulesText.NoGroups} />}
                  {current.type === DistributionType.ByRegion ? (
                    <AreaRuleRows
                      rows={current.areaRows}
                      groups={groupList}
                      errors={errors}
                      onChange={(areaRows) => edit({ ...current, areaRows })}
                    />
                  ) : (
                    <ChannelTypeRuleRows
                      rows={current.channelRows}
                      groups={groupList}
                      errors={errors}
                      onChange={(channelRows) => edit({ ...current, channelRows })}
                    />
                  )}
                  <Button
                    type="dashed"
                    style={{ alignSelf: 'flex-start' }}
                    disabled={current.type === DistributionType.ByChannelType && current.channelRows.length >= CHANNEL_TYPE_COUNT}
                    onClick={() => addRow(current)}
                  >
                    {RulesText.AddRow}
                  </Button>
                </>
              )}
            </Flex>
          )
        }
      </QueryBlock>
      <AcceptGroupsModal
        open={groupsOpen}
        onClose={() => setGroupsOpen(false)}
        onSaved={(savedGroups) => {
          if (draft !== null && draft.crmCode === crmCode) edit(withoutGoneGroups(draft.rules, savedGroups));
        }}
      />
    </section>
  );
}

/** 资源分配规则: the distribution rule with its accept groups, then the per-project rule rows. */
export function DistributionRulesTab({ crmCode }: DistributionRulesTabProps) {
  return (
    <Flex vertical gap={32}>
      <RulesSection crmCode={crmCode} />
      <ItemRulesSection crmCode={crmCode} />
    </Flex>
  );
}
