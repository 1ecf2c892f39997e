import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MemoryRouter } from 'react-router-dom';
import { DuplicateTag } from './DuplicateTag';

const meta = {
  title: 'mfe-leads/lead-list/DuplicateTag',
  component: DuplicateTag,
  // 查看首条线索 is a link of the remote's router.
  decorators: [(Story) => <MemoryRouter>{Story()}</MemoryRouter>],
  parameters: {
    docs: {
      description: {
        component:
          'Beside a duplicate lead’s phone in every lead list. Hover or focus shows the reason; Enter moves to 查看首条线索, Escape or Tab comes back.',
      },
    },
  },
} satisfies Meta<typeof DuplicateTag>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A repeat of a form lead of 3 days ago on 信息流资源 (a Toutiao lead). */
export const FormLeadDaysAgo: Story = {
  args: {
    lead: {
      mobile: '13900139000',
      duplicateOf: 9,
      duplicateReason: '与 3 天前的表单线索重复',
      duplicateFirst: { listKind: 'todayHeader', day: '2026-02-26' },
    },
  },
};
/** A repeat of today's smart-chat lead; its phone with the country code (the link leaves it out). */
export const ChatLeadToday: Story = {
  args: {
    lead: {
      mobile: '8613700137000',
      duplicateOf: 1,
      duplicateReason: '与今天的智能对话线索重复',
      duplicateFirst: { listKind: 'resource', day: '2026-03-01' },
    },
  },
};
/** No duplicate: nothing. */
export const NoDuplicate: Story = {
  args: { lead: { mobile: '13800138000', duplicateOf: null, duplicateReason: '', duplicateFirst: null } },
};
