import { STATS_MAX_DAYS } from '@portal/contracts';
import { LEAD_MAX_DAYS } from '@portal/contracts/leads';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { DayRangePicker } from './DayRangePicker';

const meta = {
  title: 'design-system/DayRangePicker',
  component: DayRangePicker,
  args: { onChange: fn(), maxDays: STATS_MAX_DAYS },
} satisfies Meta<typeof DayRangePicker>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Presets 今天 to 本月 beside the calendars; no day after today, none before 2000. */
export const Empty: Story = {};
export const Chosen: Story = { args: { value: ['2026-03-01', '2026-03-07'] } };
/** The lead lists' limit from @portal/contracts: after a first day, days further than it are greyed. */
export const LeadListLimit: Story = { args: { maxDays: LEAD_MAX_DAYS } };
/** A short limit: only the presets that fit are offered (今天, 昨天, 近7天; 本月 in a month's first week). */
export const SevenDays: Story = { args: { maxDays: 7 } };
/** The workbench's charts: a range is always chosen. */
export const NotClearable: Story = { args: { value: ['2026-03-01', '2026-03-30'], allowClear: false } };
