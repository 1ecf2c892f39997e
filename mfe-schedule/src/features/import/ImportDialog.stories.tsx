import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ImportDialog } from './ImportDialog';

const meta = {
  title: 'mfe-schedule/import/ImportDialog',
  component: ImportDialog,
  args: {
    open: true,
    target: { crmCode: 'ec', itemId: 11, date: '2026-03-05' },
    project: '全国加盟项目',
    onClose: () => undefined,
    onResult: () => undefined,
  },
} satisfies Meta<typeof ImportDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The day it overwrites; choosing a file other than xls/xlsx, or over 2 MB, is refused at once (开始导入 uploads: no server here). */
export const Open: Story = {};
