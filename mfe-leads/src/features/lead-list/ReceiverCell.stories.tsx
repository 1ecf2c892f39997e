import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ReceiverCell } from './ReceiverCell';

const meta = {
  title: 'mfe-leads/lead-list/ReceiverCell',
  component: ReceiverCell,
} satisfies Meta<typeof ReceiverCell>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NotAssigned: Story = { args: { lead: { crmFollower: null, crmPushed: false, crmPushState: null, remark: '' } } };
export const Pushing: Story = { args: { lead: { crmFollower: null, crmPushed: false, crmPushState: 'pending', remark: '' } } };
export const Pushed: Story = { args: { lead: { crmFollower: '王五', crmPushed: true, crmPushState: 'delivered', remark: '' } } };
export const Failed: Story = { args: { lead: { crmFollower: null, crmPushed: false, crmPushState: 'failed', remark: '' } } };
export const Refused: Story = { args: { lead: { crmFollower: null, crmPushed: false, crmPushState: 'refused', remark: '' } } };
export const DuplicateInCrm: Story = {
  args: { lead: { crmFollower: null, crmPushed: false, crmPushState: null, remark: 'CRM中已存在该资源' } },
};
