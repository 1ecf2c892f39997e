import { DuplicateText, NO_RECEIVER } from '@portal/contracts/leads';

/**
 * Texts of the lead lists owned by this remote: column titles, buttons, filter labels. The
 * spec's messages (LeadMessage, CommonMessage) and the enum labels come from @portal/contracts.
 */
export const LeadListText = {
  Any: '全部',
  FilterRange: '时间',
  FilterItem: '项目',
  FilterReadStatus: '状态',
  FilterAssigned: '分配状态',
  FilterReceiver: '接待人',
  /** The receiver filter takes a name exactly, or 未分配 (NO_RECEIVER) for leads without one. */
  ReceiverPlaceholder: `姓名或${NO_RECEIVER}`,
  FilterPhone: '电话',
  PhonePlaceholder: '请输入电话',
  Export: '导出',
  BatchDelete: '批量删除',
  BatchRead: '批量已读',
  BatchUnread: '批量未读',
  BatchAssign: '批量分配',
  ShowPageUrl: '显示落地页',
  MarkRead: '标为已读',
  MarkUnread: '标为未读',
  Unread: '未读',
  Questionnaire: '问卷',
  QuestionnaireTitle: '问卷详情',
  QuestionnaireEmpty: '暂无问卷内容',
  /** A smart-chat lead's conversation (its content, issue 23). */
  Transcript: '查看对话',
  TranscriptTitle: '对话记录',
  TranscriptOmitted: '更早的对话已省略',
  Detail: '详情',
  Assign: '手动分配',
  Delete: '删除',
  EditRemark: '编辑备注',
  NoRemark: '暂无备注',
  FollowUpTitle: '跟进记录',
  followUps: (count: number): string => `查看（${count}）`,
  Retry: '重试',
  /** New leads arrived while the user was on another page of the list or had rows selected. */
  arrived: (count: number): string => `有 ${count} 条新线索`,
  Refresh: '刷新',
  NotAssigned: '未分配',
  /** Batch assignment left out leads that already have a receiver or went to a CRM. */
  skipped: (count: number, names: string): string => `已跳过 ${count} 条已分配或已推送的线索：${names}`,
  NoneAssignable: '所选线索均已分配或已推送，不能手动分配',
  /** The 重复 tag's accessible name: the tag and its reason ('重复：与 3 天前的表单线索重复'). */
  duplicateTagName: (reason: string): string => `${DuplicateText.Tag}：${reason}`,
} as const;

/**
 * The 号码类型 cell's marks of a lead held back by its number (issue 24); the classes, the reasons
 * and the batch action's texts are the contracts' (PHONE_CLASSES, PhoneCheckText).
 */
export const PhoneTypeText = {
  /** Waiting for its check (phoneHeld 'waiting'): PhoneCheckText.Waiting says it in full. */
  Waiting: '检测中',
  /** Checked empty or risky under the hold-back (phoneHeld 'held'): PhoneCheckText.heldReason says why. */
  Held: '已拦截',
} as const;

/** Column titles, by column key (see leadColumns.tsx). */
export const LeadColumnTitle = {
  itemTitle: '项目名称',
  name: '姓名',
  mobile: '电话',
  mobileStatus: '号码类型',
  other: '其他联系方式',
  channelTitle: '推广渠道',
  searchEngine: '搜索引擎',
  searchWord: '关键词',
  region: '地区',
  resType: '来源类型',
  otherInfo: '其他信息',
  content: '留言内容',
  genre: '推广类型',
  templateStyle: '模板样式',
  qq: 'QQ',
  address: '地址',
  ipArea: 'IP属地',
  source: '来源',
  createTime: '创建时间',
  crmFollower: '接待人',
  descrip: '画像',
  remark: '备注',
  callData: '跟进详情',
  actions: '操作',
  pageUrl: '落地页',
} as const;

/** Labels of the smart-investment counters above the list. */
export const LeadSummaryText = {
  total: '全部资源',
  unread: '未读',
  todayTotal: '今日新增',
  todayUnread: '今日未读',
  assigned: '已分配',
  unassigned: '未分配',
} as const;
