import { queryErrorMessage } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import { ScheduleMessage } from '@portal/contracts/schedule';
import { QueryBlock, type QueryBlockQuery, usePagedSelection, useUnsavedChangesGuard, type UnsavedChangesGuardOptions } from '@portal/design-system';
import { App, Button, Flex, Tag, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { dateLabel } from '../day-grid/month';
import { useAcceptGroupsQuery, useDayQuery, useSaveDayMutation } from '../../api/scheduleCalls';
import { BatchGroupDialog } from './BatchGroupDialog';
import { BatchTimeDialog } from './BatchTimeDialog';
import { firstProblem, type PersonRow, replayDraft, rowsFromAnswer, sameRows, saveBodyOf } from './personRows';
import { PersonRowsTable } from './PersonRowsTable';
import { PersonText } from './texts';

export interface PersonTableProps {
  crmCode: CrmCode;
  itemId: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** What leaves the day's edits (the page: another path, project or day); default another path. */
  isLeaving?: UnsavedChangesGuardOptions['isLeaving'];
  /** Told on each edit (the page pins the day and project in the URL). */
  onEdit?: () => void;
}

/** Edits made over the server's rows of one day (`key`), kept until they are saved. */
interface Draft {
  key: string;
  base: PersonRow[];
  rows: PersonRow[];
  /** The rows are what the server answered to 保存 (until the day is read again). */
  saved?: boolean;
}

/**
 * The chosen day's people (spec 001 section 2 "A person table with drag ordering", "Time slots and
 * group management", "Batch time and batch group"). Edits stay on the page until 保存, which sends
 * the whole list in its order ('保存成功！'; refused: the server's reason, else '保存失败', and the
 * edits stay). Rows the server adds meanwhile (staff added, an import) join the edits; another day
 * or project starts from the server's rows. An unscheduled day says '该日期尚未排班'.
 */
export function PersonTable({ crmCode, itemId, date, isLeaving, onEdit }: PersonTableProps) {
  const { message } = App.useApp();
  const dayKey = `${crmCode}/${itemId}/${date}`;
  const day = useDayQuery({ crmCode, itemId, date });
  const groups = useAcceptGroupsQuery();
  const [saveDay, saving] = useSaveDayMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  const [batch, setBatch] = useState<'time' | 'group' | null>(null);

  const server = useMemo(() => (day.currentData ? rowsFromAnswer(day.currentData) : undefined), [day.currentData]);
  const rows = useMemo(() => {
    if (!server) return [];
    if (!draft || draft.key !== dayKey) return server;
    return draft.base === server ? draft.rows : replayDraft(draft.base, draft.rows, server);
  }, [server, draft, dayKey]);
  const justSaved = draft !== null && draft.key === dayKey && draft.saved === true && draft.base === server;
  const dirty = server !== undefined && !justSaved && !sameRows(rows, server);
  // Leaving with edits asks first (menu, back, reload, closing the tab); 保存 ends it.
  useUnsavedChangesGuard(dirty, { isLeaving });
  const scopeId = useId();
  const selection = usePagedSelection<PersonRow>({ rows, rowKey: (row) => row.userId, resetKey: dayKey });
  const edit = (next: PersonRow[]) => {
    if (!server) return;
    setDraft({ key: dayKey, base: server, rows: next });
    onEdit?.();
  };

  const openBatch = (kind: 'time' | 'group') => {
    if (selection.count === 0) message.warning(ScheduleMessage.SelectDataFirst);
    else setBatch(kind);
  };
  const applyBatch = (patch: Partial<PersonRow>) => {
    const chosen = new Set(selection.keys);
    edit(rows.map((row) => (chosen.has(row.userId) ? { ...row, ...patch } : row)));
    setBatch(null);
  };

  const save = async () => {
    if (!server) return;
    setCheckedKey(dayKey);
    const problem = firstProblem(rows);
    if (problem) {
      message.error(problem);
      return;
    }
    try {
      const saved = await saveDay({ body: saveBodyOf({ crmCode, itemId, date }, rows) }).unwrap();
      // Shown as saved until the day is read again (the answer is what the server now holds).
      setDraft({ key: dayKey, base: server, rows: rowsFromAnswer(saved), saved: true });
      setCheckedKey(null);
      message.success(ScheduleMessage.SaveSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, ScheduleMessage.SaveFailed));
    }
  };

  // The table needs the day's rows and the groups to choose from.
  const both: QueryBlockQuery<true> = {
    currentData: day.currentData && groups.data ? true : undefined,
    isLoading: day.isLoading || groups.isLoading,
    isFetching: day.isFetching || groups.isFetching,
    isError: day.isError || groups.isError,
    error: day.isError ? day.error : groups.error,
    refetch: () => {
      if (day.isError) void day.refetch();
      if (groups.isError) void groups.refetch();
    },
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{selection.count > 0 ? PersonText.selected(selection.count) : null}</Typography.Text>
        <Flex gap={8} wrap align="center">
          {dirty && <Tag color="orange">{PersonText.Unsaved}</Tag>}
          <Button disabled={!server} onClick={() => openBatch('time')}>
            {PersonText.BatchTime}
          </Button>
          <Button disabled={!server} onClick={() => openBatch('group')}>
            {PersonText.BatchGroup}
          </Button>
          <Typography.Text id={scopeId} type="secondary">
            {PersonText.saveScope(dateLabel(date))}
          </Typography.Text>
          <Button
            type="primary"
            aria-describedby={scopeId}
            loading={saving.isLoading}
            disabled={!server || (server.length === 0 && rows.length === 0)}
            onClick={() => void save()}
          >
            {PersonText.Save}
          </Button>
        </Flex>
      </Flex>
      <QueryBlock query={both} keepPrevious={false} isEmpty={() => false}>
        {() => (
          <PersonRowsTable
            rows={rows}
            groups={groups.data ?? []}
            selection={selection}
            complete={checkedKey === dayKey}
            emptyText={server && server.length > 0 ? PersonText.AllRemoved : ScheduleMessage.DayNotScheduled}
            onChange={edit}
          />
        )}
      </QueryBlock>
      <BatchTimeDialog open={batch === 'time'} count={selection.count} onApply={(slots) => applyBatch({ slots })} onClose={() => setBatch(null)} />
      <BatchGroupDialog
        open={batch === 'group'}
        count={selection.count}
        groups={groups.data ?? []}
        onApply={(acceptGroupId) => applyBatch({ acceptGroupId })}
        onClose={() => setBatch(null)}
      />
    </Flex>
  );
}
