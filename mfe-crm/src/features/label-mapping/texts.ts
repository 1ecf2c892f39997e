/**
 * Texts of the label mapping tab (标签配置). The spec's messages (保存成功！, 确定要删除吗?, ...) are
 * CrmMessage's of @portal/contracts/crm; these are the screen's own labels and prompts.
 */
export const LabelMappingText = {
  Update: '更新数据',
  Add: '添加',
  Save: '保存',
  Delete: '删除',
  NeverUpdated: '还没有CRM的标签分类，请先点击“更新数据”从CRM获取标签',
  updatedAt: (time: string): string => `标签更新于 ${time}`,
  Class: '标签分类',
  ClassPlaceholder: '请选择标签分类',
  ClassRequired: '请选择标签分类',
  Project: '项目',
  ProjectRequired: '请选择项目',
  Channel: '渠道',
  AnyChannel: '全部渠道',
  ResType: '资源类型',
  Actions: '操作',
  /** The names of a row's controls, for screen readers (the column titles sit above them). */
  controlName: (row: number, control: string): string => `第${row}行 ${control}`,
} as const;

/** The resTypes of a label row: 0 any, 1 form, 2 smart chat (spec 001 section 9). */
export const LABEL_RES_TYPE_OPTIONS = [
  { value: 0, label: '不限' },
  { value: 1, label: '表单' },
  { value: 2, label: '智能聊天' },
] as const;
