import { queryErrorMessage } from '@portal/api-client';
import { type CrmCode, chinaToday, isItemActive } from '@portal/contracts';
import { ScheduleMessage } from '@portal/contracts/schedule';
import { EmptyState, PageFrame, ProjectPicker, QueryBlock } from '@portal/design-system';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Alert, Button, Flex, Typography } from 'antd';
import { useCallback, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ScheduleItem, useDayQuery, useItemsQuery, useScheduledDaysQuery } from '../../api/scheduleCalls';
import { CopyButton } from '../copy/CopyButton';
import { DayGrid } from '../day-grid/DayGrid';
import { dateLabel, monthOf } from '../day-grid/month';
import { FollowUpButton } from '../follow-up/FollowUpButton';
import { AcceptGroupsButton } from '../groups/AcceptGroupsButton';
import { ImportButton } from '../import/ImportButton';
import { TemplateLink } from '../import/TemplateLink';
import { PersonTable } from '../person-table/PersonTable';
import { AddStaffButton } from '../staff/AddStaffButton';
import { SyncStaffButton } from '../staff/SyncStaffButton';
import { DeleteDayButton } from './DeleteDayButton';
import type { ScheduleTarget } from './target';
import { SchedulePageText } from './texts';

export interface SchedulePageProps {
  crmCode: CrmCode;
  /** Today's date, 'YYYY-MM-DD'; default today in China (stories and tests fix it). */
  today?: string;
}

interface BoardProps {
  crmCode: CrmCode;
  items: ScheduleItem[];
  itemId: number | null;
  onItemChange: (itemId: number | null) => void;
  date: string;
  onDateChange: (date: string) => void;
  today: string;
  /** What leaves the day's edits (another path, project or day). */
  isLeaving: (from: URL, to: URL) => boolean;
  /** The day's first edit: the page pins the project and day in the URL. */
  onEdit: () => void;
}

/** The day a month switch lands on: today in today's month, else the 1st. */
const landingDay = (month: string, today: string): string => (monthOf(today) === month ? today : `${month}-01`);

/** The page under its project list: the picker, the day grid, the tools and the person table. */
function ScheduleBoard({ crmCode, items, itemId, onItemChange, date, onDateChange, today, isLeaving, onEdit }: BoardProps) {
  const pickerId = useId();
  const month = monthOf(date);
  const hasProjects = items.length > 0;
  const target: ScheduleTarget = { crmCode, itemId, date, hasProjects };
  const marks = useScheduledDaysQuery(itemId === null ? skipToken : { crmCode, itemId, month });
  const day = useDayQuery(itemId === null ? skipToken : { crmCode, itemId, date });
  const options = useMemo(() => items.map((item) => ({ id: item.itemId, title: item.itemTitle, status: item.status })), [items]);

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong>
          <label htmlFor={pickerId}>{SchedulePageText.Project}</label>
        </Typography.Text>
        <ProjectPicker
          id={pickerId}
          items={options}
          value={itemId}
          disabled={!hasProjects}
          disableInactive
          onChange={onItemChange}
          style={{ width: 280 }}
        />
      </Flex>
      {marks.isError && (
        <Alert
          type="error"
          showIcon
          title={queryErrorMessage(marks.error)}
          action={
            <Button size="small" onClick={() => void marks.refetch()}>
              {SchedulePageText.Retry}
            </Button>
          }
        />
      )}
      <DayGrid
        month={month}
        today={today}
        scheduled={marks.currentData ?? []}
        selected={[date]}
        busy={marks.isFetching}
        onSelect={onDateChange}
        onMonthChange={(next) => onDateChange(landingDay(next, today))}
      />
      <Flex gap={8} wrap align="center">
        <AddStaffButton target={target} />
        <ImportButton target={target} />
        <TemplateLink target={target} />
        <SyncStaffButton target={target} />
        <AcceptGroupsButton target={target} />
        <FollowUpButton target={target} />
        <CopyButton target={target} scheduled={itemId === null ? [] : marks.currentData} today={today} />
        <DeleteDayButton target={target} rowCount={itemId === null ? 0 : day.currentData?.length} />
      </Flex>
      <Flex vertical gap={8}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {SchedulePageText.dayHeading(dateLabel(date))}
        </Typography.Title>
        <Typography.Text type="secondary">{SchedulePageText.Hint}</Typography.Text>
        {itemId === null ? (
          <EmptyState description={hasProjects ? ScheduleMessage.SelectProjectFirst : ScheduleMessage.NoProjects} />
        ) : (
          <PersonTable key={`${itemId}/${date}`} crmCode={crmCode} itemId={itemId} date={date} isLeaving={isLeaving} onEdit={onEdit} />
        )}
      </Flex>
    </Flex>
  );
}

/** The URL's query keys of the chosen project and day. */
export const SCHEDULE_QUERY = { item: 'item', date: 'date' } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string => value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * The project and day a URL's query asks for, where valid (a project of the list, a real day), else
 * the defaults (the first on-air project, today).
 */
function placeOf(params: URLSearchParams, items: readonly ScheduleItem[] | undefined, today: string): { itemId: number | null; date: string } {
  const asked = Number(params.get(SCHEDULE_QUERY.item));
  const itemId = items?.find((item) => item.itemId === asked)?.itemId ?? items?.find((item) => isItemActive(item.status))?.itemId ?? null;
  const date = params.get(SCHEDULE_QUERY.date);
  return { itemId, date: isDay(date) ? date : today };
}

/**
 * /{type}/data-dispose (spec 001 section 2 "Call-centre schedule page"): a CRM's call-centre
 * schedule. The project picker (inactive projects disabled; the first on-air project by default;
 * none at all: '当前没有项目，不能排班'), the month's day grid (scheduled days marked; today by
 * default), the tools (add staff, import, template, sync staff, accept groups, follow-up deadlines, 复制, 删除) on the
 * chosen project and day, and the day's people.
 *
 * The chosen project and day are in the URL (`?item=&date=`: a pick adds a history entry, the first
 * edit pins the defaults), so back, a reload or a link returns to them. Leaving the day's unsaved
 * edits (another page, project or day; back; reload; closing the tab) asks first.
 */
export function SchedulePage({ crmCode, today = chinaToday() }: SchedulePageProps) {
  const items = useItemsQuery(crmCode);
  const [params, setParams] = useSearchParams();
  const list = items.data;
  const { itemId, date } = placeOf(params, list, today);

  const go = useCallback(
    (next: { itemId: number | null; date: string }, replace = false) =>
      setParams(
        (current) => {
          const query = new URLSearchParams(current);
          if (next.itemId === null) query.delete(SCHEDULE_QUERY.item);
          else query.set(SCHEDULE_QUERY.item, String(next.itemId));
          query.set(SCHEDULE_QUERY.date, next.date);
          return query;
        },
        { replace },
      ),
    [setParams],
  );
  const isLeaving = useCallback(
    (from: URL, to: URL) => {
      if (from.pathname !== to.pathname) return true;
      const place = placeOf(to.searchParams, list, today);
      return place.itemId !== itemId || place.date !== date;
    },
    [list, today, itemId, date],
  );
  const pinned = params.get(SCHEDULE_QUERY.item) === String(itemId) && params.get(SCHEDULE_QUERY.date) === date;
  const onEdit = useCallback(() => {
    if (!pinned) go({ itemId, date }, true);
  }, [pinned, go, itemId, date]);

  return (
    <PageFrame title={SchedulePageText.title(crmCode)}>
      <QueryBlock query={items} isEmpty={() => false}>
        {(loaded) => (
          <ScheduleBoard
            crmCode={crmCode}
            items={loaded}
            itemId={itemId}
            onItemChange={(next) => go({ itemId: next, date })}
            date={date}
            onDateChange={(next) => go({ itemId, date: next })}
            today={today}
            isLeaving={isLeaving}
            onEdit={onEdit}
          />
        )}
      </QueryBlock>
    </PageFrame>
  );
}
