/**
 * Texts of the distribution rule tab (资源分配规则). The spec's messages (保存成功！, 确定要删除吗?,
 * 同一省份只能属于一条规则, ...) are CrmMessage's of @portal/contracts/crm; these are the screen's own.
 */
export const RulesText = {
  Title: '资源分配规则',
  Step1: '第一步：选择分配方式',
  Step2: '第二步：配置规则',
  UnlimitedHint: '不限：资源不按地域或渠道类型区分，全部按排班分配',
  Provinces: '省份',
  ProvincePlaceholder: '请选择省份',
  AcceptGroup: '接收组',
  AcceptGroupPlaceholder: '请选择接收组',
  ChannelType: '渠道类型',
  ChannelTypePlaceholder: '请选择渠道类型',
  AddRow: '添加规则',
  Delete: '删除',
  Save: '保存',
  /** What the section's 保存 sends. */
  SaveScope: '保存分配方式和规则行',
  ManageGroups: '管理接收组',
  NoGroups: '还没有接收组，请先点击“管理接收组”添加',
  /** The names of a row's controls, for screen readers (the labels sit beside them). */
  controlName: (row: number, control: string): string => `第${row}行 ${control}`,
} as const;

/** The accept-group dialog's word on this screen (the dialog's own are the design system's AcceptGroupsDialog's). */
export const GroupsText = {
  /** Deleting a group deletes the rule rows that send to it (the server's cascade). */
  DeleteHint: '保存后，使用该分组的规则也会一并删除',
} as const;

export const ItemRulesText = {
  Title: '按项目分配',
  Hint: '每日上限为空表示不限',
  Project: '项目',
  Source: 'CRM来源',
  DataNum: '每轮数量',
  DataNumLimit: '每日上限',
  DistributeNum: '已分配数量',
  Sort: '排序',
  Unlimited: '不限',
  Save: '保存',
  /** What the section's 保存 sends. */
  SaveScope: '保存各项目的每轮数量、每日上限和排序',
  None: '-',
  Empty: '暂无项目',
  controlName: (project: string, control: string): string => `${project} ${control}`,
} as const;
