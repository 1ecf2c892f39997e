/** Texts of the ec template config (messages come from @portal/contracts). */
export const TemplateText = {
  Intro: '为表单和智能聊天的线索各选择一个EC模板，推送时按模板创建客户。',
  TypeForm: '表单',
  TypeChat: '智能聊天',
  Placeholder: '请选择模板',
  Save: '保存',
  NoTemplates: 'EC暂无模板',
} as const;

/** Our resource types that each map to an ec template: 1 form, 2 smart chat. */
export const TEMPLATE_TYPES = [
  { type: '1', label: TemplateText.TypeForm },
  { type: '2', label: TemplateText.TypeChat },
] as const;
