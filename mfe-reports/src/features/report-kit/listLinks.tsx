import { LEAD_LIST_ROUTES, type LeadListKind } from '@portal/contracts';
import { type ListCounts, NO_VALUE_TEXT, REPORT_LIST_KINDS, type ReportLeadGroup } from '@portal/contracts/reports';
import { Button, Popover, Space } from 'antd';
import { Link } from 'react-router-dom';
import { formatCount } from './money';
import { ReportText } from './texts';

/** The lists a report covers, named as the side menu names them. */
export const LIST_NAMES: Record<LeadListKind, string> = {
  feedback: '竞价资源',
  infoList: '信息流资源',
  baiList: '留言板资源',
  resource: '资源列表',
};

/** The lists a group's reports cover (REPORT_LIST_KINDS), in the menu's order. */
export const reportLists = (group: ReportLeadGroup): readonly LeadListKind[] => REPORT_LIST_KINDS[group];

/** Which leads a figure counts: one China day (or a range), one project or all, optionally one receiver's. */
export interface FigureScope {
  startTime: string;
  endTime: string;
  itemId?: number;
  /** The receiver's name, or NO_RECEIVER for leads nobody received (a receive row of 未分配). */
  crmFollower?: string;
  /** The duplicates (1: a receive row's 重复), else the originals, which every other figure counts (issue 24). */
  duplicate?: 0 | 1;
}

/**
 * A list's URL filtered to a figure's leads, in the list's own URL state (mfe-leads leadFiltersToQuery
 * through useUrlListState: startTime, endTime, itemId, crmFollower, duplicate; the rest left at their
 * defaults): a figure counts the originals (duplicate=0), a 重复 figure the duplicates (duplicate=1).
 */
export function listHref(kind: LeadListKind, scope: FigureScope): string {
  const query = new URLSearchParams({ startTime: scope.startTime, endTime: scope.endTime });
  if (scope.itemId !== undefined) query.set('itemId', String(scope.itemId));
  if (scope.crmFollower !== undefined) query.set('crmFollower', scope.crmFollower);
  query.set('duplicate', String(scope.duplicate ?? 0));
  return `${LEAD_LIST_ROUTES[kind]}?${query.toString()}`;
}

export interface ListFigureProps {
  group: ReportLeadGroup;
  /** The figure; null: a day that has not come (or a month's missing day), shown '-'. */
  value: number | null | undefined;
  scope: FigureScope;
  /** The figure split by list (the daily statement's), shown beside each list's link. */
  lists?: ListCounts | null;
  /** What the figure is, for its accessible name ('全国加盟项目 11月5日'). */
  label: string;
}

/**
 * A report figure that opens its leads: a link to the one list it counts (智能投放), or a popover
 * of links to each list it counts (常规投放: 竞价, 信息流, 留言板), each filtered to the figure's
 * day, project and receiver. 0 and '-' are plain text: there is nothing to open.
 */
export function ListFigure({ group, value, scope, lists, label }: ListFigureProps) {
  if (value === null || value === undefined) return <>{NO_VALUE_TEXT}</>;
  const text = formatCount(value);
  if (value === 0) return <>{text}</>;
  const kinds = reportLists(group);
  const name = ReportText.openLists(label, text);
  if (kinds.length === 1)
    return (
      <Link to={listHref(kinds[0]!, scope)} aria-label={name}>
        {text}
      </Link>
    );
  return (
    <Popover
      trigger="click"
      title={ReportText.OpenListsTitle}
      content={
        <Space orientation="vertical" size={4}>
          {kinds.map((kind) => (
            <Link key={kind} to={listHref(kind, scope)}>
              {lists ? ReportText.listWithCount(LIST_NAMES[kind], formatCount(lists[kind] ?? 0)) : LIST_NAMES[kind]}
            </Link>
          ))}
        </Space>
      }
    >
      <Button type="link" size="small" aria-label={name} style={{ padding: 0, height: 'auto' }}>
        {text}
      </Button>
    </Popover>
  );
}
