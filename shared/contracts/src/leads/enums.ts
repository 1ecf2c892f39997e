import { labelOf } from '../common/enums';

/** Lead readStatus. */
export const ReadStatus = { Unread: 0, Read: 1 } as const;
export type ReadStatus = (typeof ReadStatus)[keyof typeof ReadStatus];
/** Export form readStatus: -1 any. */
export const ExportReadStatus = { Any: -1, Unread: 0, Read: 1 } as const;
export const EXPORT_READ_STATUS_LABELS: Record<number, string> = { [-1]: '全部', 0: '未读', 1: '已读' };
/** Export fileGenre: 1 CSV. */
export const FileGenre = { Csv: 1 } as const;

/** Lead status: -1 deleted. */
export const LeadStatus = { Normal: 0, Deleted: -1 } as const;

/** Lead mobileStatus: 1 normal, anything else suspected. */
export const MobileStatus = { Normal: 1, Suspected: 0 } as const;
export const mobileStatusLabel = (status: number | null | undefined): string => (status === MobileStatus.Normal ? '正常' : '疑似问题');

/** Lead resType (1 form, 2 smart chat); 0 unlimited in CRM label rows. */
export const ResType = { Unlimited: 0, Form: 1, SmartChat: 2 } as const;
export type ResType = (typeof ResType)[keyof typeof ResType];
export const RES_TYPE_LABELS: Record<number, string> = { 0: '不限', 1: '表单', 2: '智能对话' };
export const resTypeLabel = labelOf(RES_TYPE_LABELS, '未知');

/** Genres: 1-5, others shown as other. */
export const GENRE_LABELS: Record<number, string> = {
  1: '竞价推广',
  2: '品牌推广',
  3: '手机官网',
  4: '微信游戏',
  5: '手机流量包',
};
export const genreLabel = labelOf(GENRE_LABELS, '其他');

/** Template styles 1-4, else custom template. */
export const TEMPLATE_STYLE_LABELS: Record<number, string> = {
  1: 'PC普通',
  2: 'PC底部悬浮',
  3: '移动普通',
  4: 'PC简约',
};
export const templateStyleLabel = labelOf(TEMPLATE_STYLE_LABELS, '自定义模板');

/** Search engines by domain. */
export const SEARCH_ENGINE_LABELS: Record<string, string> = {
  baidu: '百度',
  soso: '搜搜',
  sogou: '搜狗',
  so: '360',
  sm: '神马',
  yahoo: '雅虎',
  google: '谷歌',
  bing: '必应',
};
export const SEARCH_ENGINE_DOMAINS = Object.keys(SEARCH_ENGINE_LABELS);
/** The engine for a domain such as 'm.baidu.com' or 'baidu'; '' when none matches. */
export const searchEngineLabel = (domain: string | null | undefined): string => {
  if (!domain) return '';
  const parts = domain.toLowerCase().split('.');
  const hit = SEARCH_ENGINE_DOMAINS.find((key) => parts.includes(key));
  return hit ? SEARCH_ENGINE_LABELS[hit] : '';
};

/** Channel type (spec 001): 1 bidding, 2 information feed. */
export const ChannelType = { Bidding: 1, InformationFeed: 2 } as const;
export const CHANNEL_TYPE_LABELS: Record<number, string> = { 1: '竞价', 2: '信息流' };

/** Assign resource type: how manual assignment works for a customer. */
export const AssignResourceType = { User: 1, ChannelSource: 2, ThirdPartyPush: 3 } as const;
export type AssignResourceType = (typeof AssignResourceType)[keyof typeof AssignResourceType];

/** The lead's receiver and push state, assigned or not, manual assignment (one function: state.ts). */
export {
  CRM_DUPLICATE_REMARK,
  LEAD_PUSH_STATE_LABELS,
  LEAD_PUSH_STATES,
  LeadPushState,
  LeadReceiverText,
  canAssignManually,
  hasDuplicateRemark,
  isLeadAssigned,
  leadState,
  type LeadState,
  type LeadStateInput,
} from './state';

/** Messages of the lead actions (spec 000 section 5, spec 001 section 8). */
export const LeadMessage = {
  NothingSelectedDelete: '请先选择要删除的数据',
  NothingSelectedAssign: '请先选择要手动分配的数据',
  NothingSelectedList: '请先选择列表数据！',
  NothingSelectedInfo: '请先选择要选择的信息！',
  ConfirmDelete: '确定删除?',
  ConfirmOperation: '确定操作？',
  DeleteSucceeded: '删除成功！',
  DeleteFailed: '删除失败！',
  ReadSucceeded: '操作成功',
  ReadFailed: '读取失败！',
  RemarkSucceeded: '修改成功',
  RemarkFailed: '修改失败',
  AssignSucceeded: '分配成功',
  AssignFailed: '分配失败',
  ChooseTimeRange: '请选择时间范围',
  ChooseDateRange: '请选择起止日期',
  ChooseExportItem: '请选择导出项目',
  ChooseReadStatus: '请选择已读状态',
  ChooseFileGenre: '请选择导出格式',
} as const;
