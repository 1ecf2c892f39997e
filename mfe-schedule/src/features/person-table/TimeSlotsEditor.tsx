import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { SCHEDULE_LIMITS } from '@portal/contracts/schedule';
import { Button, Flex, Select, Typography } from 'antd';
import { checkSlots, type TimeSlot, timeOptions } from './personRows';
import { PersonText } from './texts';

export interface TimeSlotsEditorProps {
  slots: readonly TimeSlot[];
  onChange: (slots: TimeSlot[]) => void;
  /** Whose slots (the row's person, or 批量): names the controls for screen readers. */
  owner: string;
  /** Also say which slots miss an end (after a save was asked). */
  complete?: boolean;
}

const optionsOf = (kind: 'start' | 'end', current: string | null) => timeOptions(kind, current).map((time) => ({ value: time, label: time }));

/**
 * A row's time slots (时间段): none is 全天; each slot a start and an end ('HH:mm', by the half
 * hour, typed to search), removable; 添加时间段 up to six. An end not after its start says
 * '结束时间不能小于开始时间' under the slot at once; overlapping slots are refused as a whole.
 */
export function TimeSlotsEditor({ slots, onChange, owner, complete = false }: TimeSlotsEditorProps) {
  const check = checkSlots(slots, complete);
  const change = (index: number, patch: Partial<TimeSlot>) => onChange(slots.map((slot, at) => (at === index ? { ...slot, ...patch } : slot)));
  const select = (index: number, kind: 'start' | 'end', value: string | null) => (
    <Select<string>
      aria-label={PersonText.slotName(owner, index, kind === 'start' ? PersonText.SlotStart : PersonText.SlotEnd)}
      value={value ?? undefined}
      placeholder={kind === 'start' ? PersonText.SlotStart : PersonText.SlotEnd}
      options={optionsOf(kind, value)}
      showSearch={{ optionFilterProp: 'label' }}
      status={check.slots[index] ? 'error' : undefined}
      style={{ width: 96 }}
      onChange={(next) => change(index, { [kind]: next ?? null })}
    />
  );

  return (
    <Flex vertical gap={4}>
      {slots.length === 0 && <Typography.Text>{PersonText.AllDay}</Typography.Text>}
      {slots.map((slot, index) => (
        <Flex key={index} vertical gap={2}>
          <Flex align="center" gap={4}>
            {select(index, 'start', slot.start)}
            <span aria-hidden>{PersonText.SlotTo}</span>
            {select(index, 'end', slot.end)}
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={`${owner} ${PersonText.RemoveSlot}${index + 1}`}
              onClick={() => onChange(slots.filter((_, at) => at !== index))}
            />
          </Flex>
          {check.slots[index] && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {check.slots[index]}
            </Typography.Text>
          )}
        </Flex>
      ))}
      {check.whole && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {check.whole}
        </Typography.Text>
      )}
      <Button
        type="link"
        size="small"
        icon={<PlusOutlined />}
        style={{ alignSelf: 'flex-start', paddingInline: 0 }}
        aria-label={`${owner} ${PersonText.AddSlot}`}
        disabled={slots.length >= SCHEDULE_LIMITS.rangesPerRow}
        onClick={() => onChange([...slots, { start: null, end: null }])}
      >
        {PersonText.AddSlot}
      </Button>
    </Flex>
  );
}
