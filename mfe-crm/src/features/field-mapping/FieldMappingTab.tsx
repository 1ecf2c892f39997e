import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, type CrmCode } from '@portal/contracts';
import { CrmMessage, type FieldMapping, MappingResType } from '@portal/contracts/crm';
import { ErrorState, isRetryable, QueryBlock, queryErrorText, UnsavedChangesText, useUnsavedChangesGuard } from '@portal/design-system';
import { App, Button, Flex, Radio, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { FieldMappingList } from './FieldMappingList';
import { listError, mappingErrors, type MappingRowDraft, mergeUpdatedFields, productOptions, rowsFromAnswer, toSaveBody } from './fieldMappingModel';
import {
  type MappingResTypeValue,
  useGetFieldMappingQuery,
  useGetMappingProjectsQuery,
  useGetStaticFieldsQuery,
  useSaveFieldMappingMutation,
  useUpdateFieldMappingMutation,
} from './mappingApi';
import { FieldMappingText, MAPPING_RES_TYPE_OPTIONS } from './texts';

export interface FieldMappingTabProps {
  crmCode: CrmCode;
}

/** The list being edited, for the CRM and type it was made for, with the CRM's fields of the last 'update data'. */
interface Draft {
  crmCode: CrmCode;
  resType: MappingResTypeValue;
  rows: MappingRowDraft[];
  crmFields?: FieldMapping['crmFields'];
  /** The rows are what 保存 sent (until the next edit). */
  saved?: boolean;
}

/**
 * 字段配置 (spec 001 section 2 "Field mapping page"): the type selector (表单, 智能聊天), 更新数据
 * (the CRM's fields pulled anew, the edits kept) and 保存 (refused on an empty list with
 * '该账号暂无项目'), over the collapsible list of the CRM's fields. Nothing is saved until 保存.
 * The product fields the list's pickers offer are the CRM's static field list
 * (crmstaticfield/listByCrmCode): while it loads the pickers are disabled; when it fails its own
 * block says so with 重试, and the list (with its edits) stays.
 */
export function FieldMappingTab({ crmCode }: FieldMappingTabProps) {
  const { message, modal } = App.useApp();
  const [resType, setResType] = useState<MappingResTypeValue>(MappingResType.Form);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [checked, setChecked] = useState(false);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const mapping = useGetFieldMappingQuery({ crmCode, resType });
  const staticFields = useGetStaticFieldsQuery(crmCode);
  const productFields = useMemo(() => (staticFields.currentData ? productOptions(staticFields.currentData) : undefined), [staticFields.currentData]);
  const projects = useGetMappingProjectsQuery();
  const [updateFields, updating] = useUpdateFieldMappingMutation();
  const [saveMapping, saving] = useSaveFieldMappingMutation();

  const answer = mapping.currentData;
  const ownDraft = draft !== null && draft.crmCode === crmCode && draft.resType === resType;
  const rows = ownDraft ? draft.rows : answer ? rowsFromAnswer(answer) : [];
  const crmFields = (ownDraft ? draft.crmFields : undefined) ?? answer?.crmFields ?? [];
  // Problems show once 保存 has been tried, and go as they are fixed.
  const errors = checked ? mappingErrors(rows) : undefined;
  const edit = (next: MappingRowDraft[], fields = ownDraft ? draft.crmFields : undefined) =>
    setDraft({ crmCode, resType, rows: next, crmFields: fields });
  // Edits not saved yet: leaving the page, or the other type, asks first.
  const dirty = ownDraft && draft.saved !== true;
  useUnsavedChangesGuard(dirty);

  const showType = (next: MappingResTypeValue) => {
    setResType(next);
    setDraft(null);
    setChecked(false);
    setOpenKeys([]);
  };
  const switchType = (next: MappingResTypeValue) => {
    if (!dirty) {
      showType(next);
      return;
    }
    modal.confirm({
      title: UnsavedChangesText.Title,
      content: UnsavedChangesText.Content,
      okText: UnsavedChangesText.Leave,
      cancelText: UnsavedChangesText.Stay,
      okButtonProps: { danger: true },
      onOk: () => showType(next),
    });
  };

  const update = async () => {
    try {
      const updated = await updateFields({ crmCode, resType }).unwrap();
      edit(mergeUpdatedFields(rows, updated), updated.crmFields);
      message.success(CrmMessage.UpdateSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CommonMessage.OperationFailed));
    }
  };

  const save = async () => {
    const refused = listError(rows);
    if (refused) {
      message.warning(refused);
      return;
    }
    setChecked(true);
    const found = mappingErrors(rows);
    if (found.size > 0) {
      setOpenKeys((keys) => [...new Set([...keys, ...found.keys()])]);
      return;
    }
    try {
      await saveMapping(toSaveBody(crmCode, resType, rows)).unwrap();
      setDraft({ crmCode, resType, rows, crmFields: ownDraft ? draft.crmFields : undefined, saved: true });
      message.success(CrmMessage.SaveSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CrmMessage.SaveFailed));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={8}>
          <Typography.Text id="field-mapping-type">{FieldMappingText.ResTypeLabel}</Typography.Text>
          <Radio.Group
            aria-labelledby="field-mapping-type"
            optionType="button"
            options={MAPPING_RES_TYPE_OPTIONS.map((option) => ({ ...option }))}
            value={resType}
            onChange={(event) => switchType(event.target.value as MappingResTypeValue)}
          />
        </Flex>
        <Flex align="center" gap={8}>
          {answer?.updatedAt && <Typography.Text type="secondary">{FieldMappingText.updatedAt(answer.updatedAt)}</Typography.Text>}
          {dirty && <Tag color="orange">{UnsavedChangesText.Title}</Tag>}
          <Button loading={updating.isLoading} disabled={!answer} onClick={() => void update()}>
            {FieldMappingText.Update}
          </Button>
          <Button type="primary" loading={saving.isLoading} disabled={!answer} onClick={() => void save()}>
            {FieldMappingText.Save}
          </Button>
        </Flex>
      </Flex>
      {staticFields.isError && (
        <ErrorState
          message={FieldMappingText.productFieldsFailed(queryErrorText(staticFields.error, ''))}
          onRetry={isRetryable(staticFields.error) ? () => void staticFields.refetch() : undefined}
        />
      )}
      <QueryBlock
        query={mapping}
        keepPrevious={false}
        isEmpty={() => rows.length === 0}
        emptyText={answer?.updatedAt === null ? FieldMappingText.NeverUpdated : undefined}
      >
        {() => (
          <FieldMappingList
            rows={rows}
            crmFields={crmFields}
            productFields={productFields}
            productFieldsLoading={staticFields.isFetching}
            items={projects.data ?? []}
            itemsLoading={projects.isLoading}
            errors={errors}
            openKeys={openKeys}
            onOpenKeysChange={setOpenKeys}
            onChange={(next) => edit(rows.map((row) => (row.crmFCode === next.crmFCode ? next : row)))}
            onRemove={(code) => edit(rows.filter((row) => row.crmFCode !== code))}
          />
        )}
      </QueryBlock>
    </Flex>
  );
}
