import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { useState } from 'react';
import type { WorkbenchMetricKey } from './metrics';
import { SummaryCards, type SummaryCardsProps } from './SummaryCards';

const totals = { impressions: 128450, clicks: 5320, messages: 214, validConversations: 96, phoneRequests: 41 };

/** The cards switch the trend chart, so the story keeps the selection as the page does. */
function Selectable(props: SummaryCardsProps) {
  const [selected, setSelected] = useState<WorkbenchMetricKey>(props.selected);
  return <SummaryCards {...props} selected={selected} onSelect={setSelected} />;
}

const meta = {
  title: 'mfe-reports/workbench/SummaryCards',
  component: SummaryCards,
  args: { totals, selected: 'impressions', onSelect: fn() },
  render: (args) => <Selectable {...args} />,
} satisfies Meta<typeof SummaryCards>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Range: Story = {};
export const ClicksSelected: Story = { args: { selected: 'clicks' } };
export const NothingRecorded: Story = {
  args: { totals: { impressions: 0, clicks: 0, messages: 0, validConversations: 0, phoneRequests: 0 } },
};
// The block's loading, failed and empty states are QueryBlock's: see design-system/QueryBlock.
