import type { FakeHttp } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EC_ACCOUNT } from '../../test/crmFixtures';
import { codeOk, installCrmHttp, renderCrm } from '../../test/renderCrm';
import { CrmSettingsPage } from './CrmSettingsPage';

let http: FakeHttp;
beforeEach(() => {
  http = installCrmHttp();
  http.on('GET /es/crmaccountsetting/getByUser', ({ query }) => codeOk(query.crmCode === 'ec' ? EC_ACCOUNT : null));
  http.on('GET /es/crmpushlog/list', { body: [] });
  http.on('GET /es/crmpushconnection/getByUser', codeOk({ paused: false, consecutiveFailures: 0, pausedAt: null, pending: 0, failed: 0 }));
});
afterEach(() => http.restore());

const tabs = () => [...document.querySelectorAll('.ant-tabs-tab')].map((tab) => tab.textContent);
const steps = () =>
  [...document.querySelectorAll('.ant-steps-item')].map((step) => [
    step.querySelector('.ant-steps-item-title')?.textContent,
    [...step.classList].find((name) => /^ant-steps-item-(finish|process|wait)$/.test(name))?.replace('ant-steps-item-', ''),
  ]);

test('ec: the title, the four steps with their state, and every tab, 账号配置 first', async () => {
  renderCrm(<CrmSettingsPage crmCode="ec" />, '/ec-setting');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('EC推送设置');
  expect(tabs()).toEqual(['账号配置', '模板配置', '来源配置', '字段配置', '标签配置', '资源分配规则', '消息通知', '推送记录']);
  expect(document.querySelector('.ant-tabs-tab-active')).toHaveTextContent('账号配置');
  // account and sync done (EC_ACCOUNT's steps): the info step is the current one.
  await waitFor(() =>
    expect(steps()).toEqual([
      ['配置账号', 'finish'],
      ['信息配置', 'process'],
      ['配置排班', 'wait'],
      ['开启同步', 'finish'],
    ]),
  );
  expect(await screen.findByLabelText('CorpID')).toHaveValue('corp-1');
});

test('xbb, lixiao and huoban have labels but no template or message notice tab', async () => {
  const { unmount } = renderCrm(<CrmSettingsPage crmCode="xbb" />, '/xbbcrm-setting');
  expect(tabs()).toEqual(['账号配置', '来源配置', '字段配置', '标签配置', '资源分配规则', '推送记录']);
  // No account yet: the first step is the current one.
  await waitFor(() => expect(steps().map(([, state]) => state)).toEqual(['process', 'wait', 'wait', 'wait']));
  unmount();
  renderCrm(<CrmSettingsPage crmCode="huoban" />, '/hby-setting');
  expect(tabs()).toEqual(['账号配置', '来源配置', '字段配置', '标签配置', '资源分配规则', '推送记录']);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('伙伴云推送设置');
});

test('the open tab is in the URL: a link opens it, and choosing another tab writes it', async () => {
  renderCrm(<CrmSettingsPage crmCode="lixiao" />, '/lxcrm-setting?tab=push-log');
  expect(document.querySelector('.ant-tabs-tab-active')).toHaveTextContent('推送记录');
  expect(await screen.findByText('暂无推送记录')).toBeInTheDocument();
  expect(http.requestsTo('/es/crmpushlog/list')[0].query).toMatchObject({ crmCode: 'lixiao' });

  fireEvent.click(screen.getByText('账号配置'));
  await waitFor(() => expect(window.location.search).toBe(''));
  expect(await screen.findByLabelText('企业ID')).toBeInTheDocument();
});
