import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { quantityProblem } from '@portal/contracts/schedule';
import { type PagedSelection, PortalTable } from '@portal/design-system';
import { Button, Flex, InputNumber, Select, type TableColumnsType, Typography } from 'antd';
import { type DragEvent, type HTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { AcceptGroup } from '../../api/scheduleCalls';
import { visuallyHidden } from '@portal/design-system';
import { moveRow, type PersonRow } from './personRows';
import { PersonText } from './texts';
import { TimeSlotsEditor } from './TimeSlotsEditor';

export interface PersonRowsTableProps {
  rows: readonly PersonRow[];
  groups: readonly AcceptGroup[];
  onChange: (rows: PersonRow[]) => void;
  /** The rows chosen for the batch settings. */
  selection?: PagedSelection<PersonRow>;
  /** Say which time slots miss an end (after a save was asked). */
  complete?: boolean;
  emptyText?: ReactNode;
}

type Move = { userId: number; direction: 'up' | 'down' };
const moveKey = ({ userId, direction }: Move) => `${direction}-${userId}`;

/**
 * A number cell: what is typed is kept as typed (-3 stays -3, 1.5 stays 1.5: never clamped nor
 * rounded into a valid number), and a number the server would refuse says why under the cell
 * ('每轮数量须为0至999的整数'); 保存 is refused while one does. Empty is null.
 */
function QuantityInput({
  label,
  value,
  problem,
  placeholder,
  onChange,
}: {
  label: string;
  value: number | null;
  problem: string | null;
  placeholder: string;
  onChange: (value: number | null) => void;
}) {
  const problemId = useId();
  return (
    <Flex vertical gap={2}>
      <InputNumber<number>
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        status={problem ? 'error' : undefined}
        value={value}
        placeholder={placeholder}
        style={{ width: 96 }}
        onChange={(next) => onChange(typeof next === 'number' && !Number.isNaN(next) ? next : null)}
      />
      {problem && (
        <Typography.Text id={problemId} type="danger" style={{ fontSize: 12, maxWidth: 160 }}>
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The day's people in their order (the order leads go round in): drag a row by its handle onto
 * another row's place, or 上移 and 下移 from the keyboard (the focus stays with the moved row and
 * the new place is announced); each row's accept group (empty 不限), quantity per round (empty or 0:
 * none in rounds), daily cap (empty 不限, 0 none), time slots (none 全天), leads given so far, and
 * 移除. Every change goes to `onChange`: nothing is sent from here.
 */
export function PersonRowsTable({ rows, groups, onChange, selection, complete = false, emptyText }: PersonRowsTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const refocus = useRef<Move | null>(null);
  const groupOptions = groups.map((group) => ({ value: group.id, label: group.name }));

  // A row moved from the keyboard: its button keeps the focus (the other one at either end).
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !box.current) return;
    refocus.current = null;
    const find = (move: Move) => box.current?.querySelector<HTMLButtonElement>(`[data-move="${moveKey(move)}"]`);
    const same = find(wanted);
    const other = find({ userId: wanted.userId, direction: wanted.direction === 'up' ? 'down' : 'up' });
    (same && !same.disabled ? same : other)?.focus();
  });

  const change = (userId: number, patch: Partial<PersonRow>) => onChange(rows.map((row) => (row.userId === userId ? { ...row, ...patch } : row)));
  const move = (from: number, to: number) => {
    const next = moveRow(rows, from, to);
    if (next[to] && from !== to) setAnnouncement(PersonText.moved(next[to].userName, to + 1));
    onChange(next);
  };
  const step = (index: number, direction: Move['direction']) => {
    refocus.current = { userId: rows[index].userId, direction };
    move(index, direction === 'up' ? index - 1 : index + 1);
  };

  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };
  const rowEvents = (row: PersonRow): HTMLAttributes<HTMLElement> => ({
    onDragOver: (event: DragEvent) => {
      if (dragging === null) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
      if (over !== row.userId) setOver(row.userId);
    },
    onDrop: (event: DragEvent) => {
      if (dragging === null) return;
      event.preventDefault();
      const from = rows.findIndex((candidate) => candidate.userId === dragging);
      const to = rows.findIndex((candidate) => candidate.userId === row.userId);
      endDrag();
      if (from >= 0 && to >= 0) move(from, to);
    },
    style: over === row.userId && dragging !== row.userId ? { boxShadow: 'inset 0 2px 0 #0958d9' } : undefined,
  });

  const columns: TableColumnsType<PersonRow> = [
    {
      key: 'sort',
      title: PersonText.Sort,
      width: 150,
      render: (_value, row, index) => (
        <Flex align="center" gap={4}>
          <span
            draggable
            title={PersonText.DragHandle}
            style={{ cursor: 'grab', padding: '4px 2px' }}
            data-drag-handle={row.userId}
            onDragStart={(event) => {
              setDragging(row.userId);
              if (event.dataTransfer) {
                event.dataTransfer.effectAllowed = 'move';
                // Firefox starts a drag only with some data.
                event.dataTransfer.setData('text/plain', String(row.userId));
                const tr = event.currentTarget.closest('tr');
                if (tr && typeof event.dataTransfer.setDragImage === 'function') event.dataTransfer.setDragImage(tr, 16, 16);
              }
            }}
            onDragEnd={endDrag}
          >
            <HolderOutlined aria-hidden />
          </span>
          <Typography.Text style={{ minWidth: 20, textAlign: 'right' }}>{index + 1}</Typography.Text>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={PersonText.controlName(row.userName, PersonText.MoveUp)}
            data-move={moveKey({ userId: row.userId, direction: 'up' })}
            disabled={index === 0}
            onClick={() => step(index, 'up')}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={PersonText.controlName(row.userName, PersonText.MoveDown)}
            data-move={moveKey({ userId: row.userId, direction: 'down' })}
            disabled={index === rows.length - 1}
            onClick={() => step(index, 'down')}
          />
        </Flex>
      ),
    },
    { key: 'userName', dataIndex: 'userName', title: PersonText.Name },
    { key: 'phone', dataIndex: 'phone', title: PersonText.Phone, render: (phone: string) => phone || PersonText.NoneDash },
    { key: 'deptName', dataIndex: 'deptName', title: PersonText.Dept, render: (dept: string) => dept || PersonText.NoneDash },
    {
      key: 'acceptGroupId',
      title: PersonText.AcceptGroup,
      render: (_value, row) => (
        <Select<number>
          aria-label={PersonText.controlName(row.userName, PersonText.AcceptGroup)}
          value={row.acceptGroupId ?? undefined}
          options={groupOptions}
          placeholder={PersonText.Unlimited}
          allowClear
          style={{ width: 140 }}
          onChange={(acceptGroupId) => change(row.userId, { acceptGroupId: acceptGroupId ?? null })}
        />
      ),
    },
    {
      key: 'dataNum',
      title: PersonText.DataNum,
      render: (_value, row) => (
        <QuantityInput
          label={PersonText.controlName(row.userName, PersonText.DataNum)}
          value={row.dataNum}
          problem={quantityProblem('dataNum', row.dataNum)}
          placeholder={PersonText.NoRounds}
          onChange={(dataNum) => change(row.userId, { dataNum })}
        />
      ),
    },
    {
      key: 'dataNumLimit',
      title: PersonText.DataNumLimit,
      render: (_value, row) => (
        <QuantityInput
          label={PersonText.controlName(row.userName, PersonText.DataNumLimit)}
          value={row.dataNumLimit}
          problem={quantityProblem('dataNumLimit', row.dataNumLimit)}
          placeholder={PersonText.Unlimited}
          onChange={(dataNumLimit) => change(row.userId, { dataNumLimit })}
        />
      ),
    },
    {
      key: 'time',
      title: PersonText.Time,
      render: (_value, row) => (
        <TimeSlotsEditor owner={row.userName} slots={row.slots} complete={complete} onChange={(slots) => change(row.userId, { slots })} />
      ),
    },
    // Shown, never edited: the leads given to this person that day.
    { key: 'distributedNum', dataIndex: 'distributedNum', title: PersonText.Distributed },
    {
      key: 'actions',
      title: PersonText.Actions,
      render: (_value, row) => (
        <Button
          type="link"
          danger
          aria-label={PersonText.controlName(row.userName, PersonText.Remove)}
          onClick={() => {
            selection?.deselect([row.userId]);
            onChange(rows.filter((other) => other.userId !== row.userId));
          }}
        >
          {PersonText.Remove}
        </Button>
      ),
    },
  ];

  return (
    <div ref={box}>
      <PortalTable<PersonRow>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={[...rows]}
        pagination={false}
        selection={selection}
        emptyText={emptyText}
        onRow={rowEvents}
      />
      <div aria-live="polite" style={visuallyHidden}>
        {announcement}
      </div>
    </div>
  );
}
