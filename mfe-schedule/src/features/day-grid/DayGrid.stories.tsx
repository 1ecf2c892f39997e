import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { DayGrid, type DayGridProps } from './DayGrid';

const meta = {
  title: 'mfe-schedule/day-grid/DayGrid',
  component: DayGrid,
  args: {
    month: '2026-03',
    today: '2026-03-05',
    scheduled: ['2026-03-02', '2026-03-03', '2026-03-05', '2026-03-20'],
    selected: ['2026-03-05'],
    onSelect: () => undefined,
  },
} satisfies Meta<typeof DayGrid>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The page's grid: today chosen (solid), scheduled days filled with 已排班, today outlined with 今天. */
export const Month: Story = {};

function InteractiveGrid(props: DayGridProps) {
  const [month, setMonth] = useState(props.month);
  const [selected, setSelected] = useState(props.selected);
  return <DayGrid {...props} month={month} selected={selected} onSelect={(date) => setSelected([date])} onMonthChange={setMonth} />;
}

/** Click days and switch months as on the page. */
export const Interactive: Story = { render: (args) => <InteractiveGrid {...args} /> };

/** The copy dialog's grid: several days picked, the source (the 5th) disabled. */
export const CopyTargets: Story = {
  args: { selected: ['2026-03-06', '2026-03-07'], isDisabled: (date: string) => date === '2026-03-05' },
};

/** A 28-day month while its marks load. */
export const February: Story = { args: { month: '2026-02', scheduled: [], selected: [], busy: true } };
