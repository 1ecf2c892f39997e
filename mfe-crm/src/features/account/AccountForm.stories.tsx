import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { CrmAccount } from '@portal/contracts/crm';
import { AccountForm } from './AccountForm';

const steps = { account: true, info: true, schedule: false, sync: true };
const connection = { paused: false, consecutiveFailures: 0, pausedAt: null, pending: 0, failed: 0 };
const saved = (change: Partial<CrmAccount>): CrmAccount => ({
  id: 1,
  crmCode: 'ec',
  createTime: '2026-03-01 09:00:00',
  creater: 'demo',
  edition: '1',
  sync: 1,
  channelSourceName: '',
  param1: '',
  param2: '',
  param3: '',
  param4: '',
  param5: '',
  param6: '',
  param7: '',
  param8: '',
  param9: '',
  param10: '',
  steps,
  connection,
  ...change,
});

const meta = {
  title: 'mfe-crm/account/AccountForm',
  component: AccountForm,
  args: { crmCode: 'ec', account: null, onSubmit: () => undefined },
} satisfies Meta<typeof AccountForm>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A first ec account in style 1 (CorpID, AppID, AppSecret required); the icon beside 方式一 toggles style 2. */
export const NewEc: Story = {};
/** A saved ec account in style 2: its token answered masked. */
export const SavedEcStyle2: Story = {
  args: {
    account: saved({
      param1: 'corp-8888',
      param2: 'X-Ec-Token',
      param3: '******',
      param4: '1001',
      param5: '1002',
      param6: '1',
      param8: '2',
      param10: '2',
      edition: '2',
    }),
  },
};
export const Lixiao: Story = { args: { crmCode: 'lixiao' } };
/** huoban's source and tag field names are optional. */
export const Huoban: Story = { args: { crmCode: 'huoban' } };
export const Saving: Story = { args: { account: saved({ param1: 'corp-8888', param2: 'app-1', param3: '******', param10: '1' }), saving: true } };
