import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { ExportDialog } from './ExportDialog';

const items = [
  { id: 11, title: '全国加盟项目', status: 1, modeType: null },
  { id: 12, title: '审核中项目', status: 0, modeType: null },
  { id: 15, title: '已下架项目', status: -1, modeType: null },
];

const meta = {
  title: 'mfe-leads/export/ExportDialog',
  component: ExportDialog,
  args: { open: true, onClose: fn(), kind: 'resource', items },
} satisfies Meta<typeof ExportDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Opened from a list: its filters filled in. */
export const FromList: Story = { args: { initialValues: { dateRange: ['2026-03-01', '2026-03-07'], itemId: 11, readStatus: -1, fileGenre: 1 } } };
/** Nothing chosen but the project (全部项目): 导出 shows the messages of the other three. */
export const Empty: Story = {};
