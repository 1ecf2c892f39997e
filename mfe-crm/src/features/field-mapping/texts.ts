import { MappingResType } from '@portal/contracts/crm';

/**
 * Texts of the field mapping tab (字段配置). The spec's messages (保存成功！, 该账号暂无项目, ...) are
 * CrmMessage's of @portal/contracts/crm; these are the screen's own labels and prompts.
 */
export const FieldMappingText = {
  ResTypeLabel: '类型',
  Update: '更新数据',
  Save: '保存',
  Delete: '删除',
  NeverUpdated: '还没有CRM的字段，请先点击“更新数据”从CRM获取字段',
  updatedAt: (time: string): string => `字段更新于 ${time}`,
  ProductField: '产品字段',
  ProductFieldPlaceholder: '请选择产品字段',
  /** The product fields (the pickers' choices) could not be read: the reason given, if any. */
  productFieldsFailed: (reason: string): string => (reason ? `产品字段获取失败：${reason}` : '产品字段获取失败'),
  Project: '项目',
  UseDefault: '使用默认值',
  DefaultValue: '默认值',
  DefaultPlaceholder: '请输入默认值',
  DefaultOptionPlaceholder: '请选择默认值',
  DefaultRequired: '请输入默认值',
  ProjectRequired: '请选择项目',
  Required: '必填',
  Unmapped: '未映射',
  ChildFields: '子字段',
  NoSelectHint: '找不到对应的产品字段：推送时发送默认值',
  /** The header's summary of a row's choice. */
  mappedTo: (name: string): string => `映射到：${name}`,
  /** The names of the controls of one CRM field, for screen readers (the labels sit beside them). */
  controlName: (crmField: string, control: string): string => `${crmField} ${control}`,
} as const;

/** The type selector: the mapping of form leads (1) and of smart chat leads (2). */
export const MAPPING_RES_TYPE_OPTIONS = [
  { value: MappingResType.Form, label: '表单' },
  { value: MappingResType.SmartChat, label: '智能聊天' },
] as const;
