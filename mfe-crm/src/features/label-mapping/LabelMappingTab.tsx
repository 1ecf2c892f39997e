import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, type CrmCode } from '@portal/contracts';
import { CrmMessage } from '@portal/contracts/crm';
import { ConfirmAction, PortalTable, ProjectPicker, QueryBlock, UnsavedChangesText, useUnsavedChangesGuard } from '@portal/design-system';
import { App, Button, Flex, Form, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { type ReactElement, useId, useMemo, useState } from 'react';
import {
  type LabelMapping,
  useGetLabelMappingQuery,
  useGetMappingChannelsQuery,
  useGetMappingProjectsQuery,
  useSaveLabelMappingMutation,
  useUpdateLabelsMutation,
} from '../field-mapping/mappingApi';
import {
  classOptions,
  emptyLabelRow,
  labelErrors,
  labelRowsFromAnswer,
  type LabelResType,
  type LabelRowDraft,
  toLabelSaveBody,
} from './labelMappingModel';
import { LABEL_RES_TYPE_OPTIONS, LabelMappingText } from './texts';

export interface LabelMappingTabProps {
  crmCode: CrmCode;
}

/** The rows being edited for a CRM, with the CRM's classes of the last 'update data'. */
interface Draft {
  crmCode: CrmCode;
  rows: LabelRowDraft[];
  classes?: LabelMapping['classes'];
  /** The rows are what 保存 sent (until the next edit). */
  saved?: boolean;
}

/** A cell's control with its problem under it. */
function Cell({ error, children }: { error?: string; children: ReactElement }) {
  return (
    <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0 }}>
      {children}
    </Form.Item>
  );
}

function LabelMappingEditor({ crmCode }: LabelMappingTabProps) {
  const { message } = App.useApp();
  const labels = useGetLabelMappingQuery(crmCode);
  const projects = useGetMappingProjectsQuery();
  const channels = useGetMappingChannelsQuery();
  const [updateLabels, updating] = useUpdateLabelsMutation();
  const [saveLabels, saving] = useSaveLabelMappingMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [checked, setChecked] = useState(false);
  const id = useId();

  const answer = labels.currentData;
  const savedRows = useMemo(() => (answer ? labelRowsFromAnswer(answer) : []), [answer]);
  const ownDraft = draft !== null && draft.crmCode === crmCode;
  const rows = ownDraft ? draft.rows : savedRows;
  // Edits not saved yet: leaving asks first.
  const dirty = ownDraft && draft.saved !== true;
  useUnsavedChangesGuard(dirty);
  const classes = (ownDraft ? draft.classes : undefined) ?? answer?.classes ?? [];
  const options = classOptions(classes, rows);
  const errors = checked ? labelErrors(rows) : undefined;
  const edit = (next: LabelRowDraft[], nextClasses = ownDraft ? draft.classes : undefined) => setDraft({ crmCode, rows: next, classes: nextClasses });
  const change = (key: string, patch: Partial<LabelRowDraft>) => edit(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const channelOptions = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.title }));

  const update = async () => {
    try {
      const updated = await updateLabels(crmCode).unwrap();
      edit(rows, updated.classes);
      message.success(CrmMessage.UpdateSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CommonMessage.OperationFailed));
    }
  };

  const save = async () => {
    setChecked(true);
    if (labelErrors(rows).size > 0) return;
    try {
      await saveLabels(toLabelSaveBody(crmCode, rows)).unwrap();
      setDraft({ crmCode, rows, classes, saved: true });
      message.success(CrmMessage.SaveSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CrmMessage.SaveFailed));
    }
  };

  const columns: TableColumnsType<LabelRowDraft> = [
    {
      key: 'classId',
      title: LabelMappingText.Class,
      render: (_value, row, index) => (
        <Cell error={errors?.get(row.key)?.classId}>
          <Select<string>
            id={`${id}-${row.key}-classId`}
            aria-label={LabelMappingText.controlName(index + 1, LabelMappingText.Class)}
            value={row.classId ?? undefined}
            placeholder={LabelMappingText.ClassPlaceholder}
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            onChange={(classId) => change(row.key, { classId, className: options.find((option) => option.value === classId)?.label ?? '' })}
          />
        </Cell>
      ),
    },
    {
      key: 'itemId',
      title: LabelMappingText.Project,
      render: (_value, row, index) => (
        <Cell error={errors?.get(row.key)?.itemId}>
          <ProjectPicker
            id={`${id}-${row.key}-itemId`}
            aria-label={LabelMappingText.controlName(index + 1, LabelMappingText.Project)}
            items={projects.data ?? []}
            loading={projects.isLoading}
            disableInactive
            value={row.itemId}
            onChange={(itemId) => change(row.key, { itemId })}
          />
        </Cell>
      ),
    },
    {
      key: 'channelId',
      title: LabelMappingText.Channel,
      render: (_value, row, index) => (
        <Select<number>
          id={`${id}-${row.key}-channelId`}
          aria-label={LabelMappingText.controlName(index + 1, LabelMappingText.Channel)}
          value={row.channelId ?? undefined}
          placeholder={LabelMappingText.AnyChannel}
          options={channelOptions}
          loading={channels.isLoading}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 160 }}
          onChange={(channelId) => change(row.key, { channelId: channelId ?? null })}
        />
      ),
    },
    {
      key: 'resType',
      title: LabelMappingText.ResType,
      render: (_value, row, index) => (
        <Select<LabelResType>
          id={`${id}-${row.key}-resType`}
          aria-label={LabelMappingText.controlName(index + 1, LabelMappingText.ResType)}
          value={row.resType}
          options={LABEL_RES_TYPE_OPTIONS.map((option) => ({ ...option }))}
          style={{ width: 120 }}
          onChange={(resType) => change(row.key, { resType })}
        />
      ),
    },
    {
      key: 'actions',
      title: LabelMappingText.Actions,
      render: (_value, row, index) => (
        <ConfirmAction
          title={CrmMessage.DeleteConfirm}
          cancelMessage={CrmMessage.DeleteCancelled}
          onConfirm={() => edit(rows.filter((other) => other.key !== row.key))}
        >
          <Button type="link" danger aria-label={LabelMappingText.controlName(index + 1, LabelMappingText.Delete)}>
            {LabelMappingText.Delete}
          </Button>
        </ConfirmAction>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end" align="center" wrap gap={8}>
        {answer?.updatedAt && <Typography.Text type="secondary">{LabelMappingText.updatedAt(answer.updatedAt)}</Typography.Text>}
        {dirty && <Tag color="orange">{UnsavedChangesText.Title}</Tag>}
        <Button loading={updating.isLoading} disabled={!answer} onClick={() => void update()}>
          {LabelMappingText.Update}
        </Button>
        <Button disabled={!answer} onClick={() => edit([...rows, emptyLabelRow()])}>
          {LabelMappingText.Add}
        </Button>
        <Button type="primary" loading={saving.isLoading} disabled={!answer} onClick={() => void save()}>
          {LabelMappingText.Save}
        </Button>
      </Flex>
      <QueryBlock query={labels} keepPrevious={false} isEmpty={() => false}>
        {(data) => (
          <PortalTable<LabelRowDraft>
            rowKey="key"
            size="middle"
            columns={columns}
            dataSource={rows}
            pagination={false}
            emptyText={data.updatedAt === null && classes.length === 0 ? LabelMappingText.NeverUpdated : undefined}
          />
        )}
      </QueryBlock>
    </Flex>
  );
}

/**
 * 标签配置 (spec 001 section 2 "Label mapping"): rows mapping a CRM label class to a project, a
 * channel and a resType (0 不限, 1 表单, 2 智能聊天); 更新数据 pulls the CRM's classes, 添加 and
 * 删除 (asking '确定要删除吗?') change the rows, 保存 replaces the saved ones.
 */
export function LabelMappingTab({ crmCode }: LabelMappingTabProps) {
  return <LabelMappingEditor crmCode={crmCode} />;
}
