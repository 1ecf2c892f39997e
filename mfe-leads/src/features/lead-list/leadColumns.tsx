import { genreLabel, ReadStatus, resTypeLabel, searchEngineLabel, templateStyleLabel } from '@portal/contracts';
import { isHttpUrl, type Lead } from '@portal/contracts/leads';
import { usePhoneScreen } from '@portal/design-system';
import { Badge, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { ContentCell } from './ContentCell';
import { isDuplicate } from './duplicates';
import { DuplicateTag } from './DuplicateTag';
import { FollowUpCell } from './FollowUpCell';
import { PhoneTypeCell } from './PhoneTypeCell';
import { ReceiverCell } from './ReceiverCell';
import { LeadColumnTitle, LeadListText } from './texts';

export type LeadColumnKey = keyof typeof LeadColumnTitle;

/** What the cells need beyond the row: the list's rows (for conditional columns) and the page's actions. */
export interface LeadColumnContext {
  rows: readonly Lead[];
  /** The landing-page switch. */
  showPageUrl: boolean;
  renderRemark: (lead: Lead) => ReactNode;
  renderActions: (lead: Lead) => ReactNode;
  /** A phone's window (useCompactColumns): the compact layout of compactColumns. */
  compact?: boolean;
}

/** Long text in one line, whole on hover. */
const clipped = (text: string | null | undefined, width = 200): ReactNode =>
  text ? (
    <Typography.Text style={{ maxWidth: width }} ellipsis={{ tooltip: text }}>
      {text}
    </Typography.Text>
  ) : null;

const label = (text: string): ReactNode => (text === '' ? null : text);

/**
 * Conditional columns of spec 000 section 2: the promotion channel when a row has one, the
 * follow-up details when a row has calls, the landing page when its switch is on.
 */
export function columnShows(key: LeadColumnKey, { rows, showPageUrl }: Pick<LeadColumnContext, 'rows' | 'showPageUrl'>): boolean {
  switch (key) {
    case 'channelTitle':
      return rows.some((lead) => lead.showChannelTitle || Boolean(lead.channelTitle));
    case 'callData':
      return rows.some((lead) => (lead.callData?.length ?? 0) > 0);
    case 'pageUrl':
      return showPageUrl;
    default:
      return true;
  }
}

const CELLS: Record<LeadColumnKey, (lead: Lead, context: LeadColumnContext) => ReactNode> = {
  itemTitle: (lead) => clipped(lead.itemTitle, 180),
  name: (lead) =>
    lead.readStatus === ReadStatus.Unread ? (
      <Badge status="processing" text={<Typography.Text strong>{lead.name}</Typography.Text>} title={LeadListText.Unread} />
    ) : (
      lead.name
    ),
  // A duplicate (issue 24) shows its 重复 tag after the number.
  mobile: (lead) =>
    isDuplicate(lead) ? (
      <span style={{ whiteSpace: 'nowrap' }}>
        {lead.mobile}
        <DuplicateTag lead={lead} />
      </span>
    ) : (
      lead.mobile
    ),
  // 号码类型: the checker's class once checked, else 正常 / 疑似问题; 检测中 / 已拦截 when held back by it (issue 24).
  mobileStatus: (lead) => <PhoneTypeCell lead={lead} />,
  other: (lead) => clipped(lead.other, 160),
  channelTitle: (lead) => lead.channelTitle,
  searchEngine: (lead) => label(searchEngineLabel(lead.searchDomain)),
  searchWord: (lead) => clipped(lead.searchWord, 160),
  region: (lead) => lead.region,
  resType: (lead) => resTypeLabel(lead.resType),
  otherInfo: (lead) => clipped(lead.otherInfo),
  content: (lead) => <ContentCell content={lead.content} />,
  genre: (lead) => (lead.genreId === null || lead.genreId === undefined ? null : genreLabel(lead.genreId)),
  templateStyle: (lead) => (lead.templateStyle === null || lead.templateStyle === undefined ? null : templateStyleLabel(lead.templateStyle)),
  qq: (lead) => lead.qq,
  address: (lead) => clipped(lead.address),
  ipArea: (lead) => lead.ipArea,
  source: (lead) => lead.source,
  createTime: (lead) => <span style={{ whiteSpace: 'nowrap' }}>{lead.createTime}</span>,
  crmFollower: (lead) => <ReceiverCell lead={lead} />,
  descrip: (lead) => clipped(lead.descrip),
  remark: (lead, context) => context.renderRemark(lead),
  callData: (lead) => <FollowUpCell calls={lead.callData} />,
  actions: (lead, context) => context.renderActions(lead),
  pageUrl: (lead) =>
    isHttpUrl(lead.pageUrl) ? (
      <Typography.Link href={lead.pageUrl} target="_blank" rel="noopener noreferrer" style={{ maxWidth: 240 }} ellipsis>
        {lead.pageUrl}
      </Typography.Link>
    ) : (
      clipped(lead.pageUrl, 240)
    ),
};

/** Columns kept in view at the right while the wide table scrolls (the spec puts 落地页 after 操作). */
const PINNED_RIGHT: Partial<Record<LeadColumnKey, number>> = { actions: 250, pageUrl: 260 };

const column = (key: LeadColumnKey, context: LeadColumnContext): ColumnType<Lead> => ({
  key,
  title: LeadColumnTitle[key],
  render: (_value: unknown, lead: Lead) => CELLS[key](lead, context),
});

/**
 * The table columns of a list: its keys in order, conditional ones only when they show. 操作 and
 * what follows it stay pinned at the right, so that the actions never scroll out of view. On a
 * phone (`compact`) the columns are compactColumns'.
 */
export function leadColumns(keys: readonly LeadColumnKey[], context: LeadColumnContext): ColumnType<Lead>[] {
  const shown = keys.filter((key) => columnShows(key, context));
  if (context.compact) return compactColumns(shown, context);
  const firstPinned = shown.indexOf('actions');
  return shown.map((key, index) => ({
    ...column(key, context),
    ...(firstPinned !== -1 && index >= firstPinned ? { fixed: 'right' as const, width: PINNED_RIGHT[key] } : {}),
  }));
}

/** On a phone, what a lead is told apart and followed up by comes first, in this order. */
const COMPACT_FIRST: readonly LeadColumnKey[] = ['name', 'mobile', 'createTime', 'crmFollower'];
/** The pinned columns' widths on a phone: the actions wrap in two short rows. */
const COMPACT_WIDTH = { name: 88, actions: 120 } as const;

/**
 * A phone's columns (390 px leaves room for little): 姓名 pinned at the left (with the row's
 * checkbox) and 操作 at the right, and between them 电话, 创建时间 and 接收人 first, then the
 * list's other columns in its order (落地页 among them, no longer pinned).
 */
function compactColumns(shown: readonly LeadColumnKey[], context: LeadColumnContext): ColumnType<Lead>[] {
  const first = COMPACT_FIRST.filter((key) => shown.includes(key));
  const rest = shown.filter((key) => !first.includes(key) && key !== 'actions');
  const ordered = [...first, ...rest, ...(shown.includes('actions') ? (['actions'] as const) : [])];
  return ordered.map((key) => {
    if (key === 'name') return { ...column(key, context), fixed: 'left' as const, width: COMPACT_WIDTH.name };
    if (key === 'actions') return { ...column(key, context), fixed: 'right' as const, width: COMPACT_WIDTH.actions };
    return column(key, context);
  });
}

/** Whether the lists take their phone layout: the design system's phone window (usePhoneScreen). */
export const useCompactColumns = usePhoneScreen;
