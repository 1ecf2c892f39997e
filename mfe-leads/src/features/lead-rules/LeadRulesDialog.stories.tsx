import { installFakeHttp, type FakeReply, type FakeRoute } from '@portal/api-client/testing';
import { configureStore } from '@reduxjs/toolkit';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { fn } from 'storybook/test';
import { leadsApi } from '../../api/leadsApi';
import { LeadRulesDialog } from './LeadRulesDialog';

const RULES = 'GET /customer/lead-rules';

/** A story's own store of the remote's API, so that no story sees another's cache. */
function StoryStore({ children }: { children: ReactNode }) {
  const [store] = useState(() =>
    configureStore({ reducer: { [leadsApi.reducerPath]: leadsApi.reducer }, middleware: (getDefault) => getDefault().concat(leadsApi.middleware) }),
  );
  return <Provider store={store}>{children}</Provider>;
}

/** The server's answers of a story, put back after it. */
const answers = (routes: Record<string, FakeReply | FakeRoute>) => () => {
  const http = installFakeHttp();
  for (const [route, reply] of Object.entries(routes)) http.on(route, reply);
  return () => http.restore();
};

/** What PUT answers: the rule saved (a hold-back left out is kept: here off) and whether the server has a checker. */
const saved =
  (phoneChecker: boolean): FakeRoute =>
  (request) => ({ body: { phoneHoldBack: false, ...(request.body as object), phoneChecker } });

const meta = {
  title: 'mfe-leads/lead-rules/LeadRulesDialog',
  component: LeadRulesDialog,
  args: { open: true, onClose: fn() },
  decorators: [(Story) => <StoryStore>{Story()}</StoryStore>],
  parameters: {
    docs: {
      description: {
        component:
          'Opened from 重复规则 in the lead lists’ search bar. 查重天数 outside 0-365 shows the contracts’ message. The phone hold-back switch is disabled, saying why, when the server has no phone checker.',
      },
    },
  },
} satisfies Meta<typeof LeadRulesDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The default rule on a server without a phone checker (the hold-back switch disabled); 保存 says 保存成功！ and closes. */
export const Defaults: Story = {
  beforeEach: answers({
    [RULES]: { body: { duplicateWindowDays: 30, duplicateScope: 'customer', duplicateAction: 'hold', phoneHoldBack: false, phoneChecker: false } },
    'PUT /customer/lead-rules': saved(false),
  }),
};
/** A server with a phone checker: empty and risky numbers held back; the switch can be turned off and saved. */
export const PhoneHoldBack: Story = {
  beforeEach: answers({
    [RULES]: { body: { duplicateWindowDays: 30, duplicateScope: 'customer', duplicateAction: 'hold', phoneHoldBack: true, phoneChecker: true } },
    'PUT /customer/lead-rules': saved(true),
  }),
};
/** A rule of the project's leads over a week, duplicates treated as new; 保存 is refused: the server's message, the values kept. */
export const SaveRefused: Story = {
  beforeEach: answers({
    [RULES]: { body: { duplicateWindowDays: 7, duplicateScope: 'project', duplicateAction: 'new', phoneHoldBack: false, phoneChecker: true } },
    'PUT /customer/lead-rules': { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } },
  }),
};
/** The rule could not be loaded: the message and 重试. */
export const LoadFailed: Story = {
  beforeEach: answers({ [RULES]: { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } } }),
};
/** Still loading. */
export const Loading: Story = {
  beforeEach: answers({ [RULES]: () => new Promise(() => undefined) }),
};
