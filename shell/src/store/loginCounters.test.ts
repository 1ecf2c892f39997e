import { codeOk, installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { LEAD_KINDS } from '@portal/contracts/leads';
import { getUnreadCounters, resetUnreadCounters } from '@portal/event-bus';
import { waitFor } from '@testing-library/react';
import { demoUser } from '../testing/renderShell';
import { shellApi } from './shellApi';
import { createShellStore } from './store';

/** The lead counters' answer: every kind, 0 unless given. */
const leadCounts = (counts: Record<string, number>) => codeOk({ ...Object.fromEntries(LEAD_KINDS.map((kind) => [kind, 0])), ...counts });

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
  resetUnreadCounters();
});
afterEach(() => {
  http.restore();
  resetUnreadCounters();
});

describe('the counters when the frame loads', () => {
  it("start the side menu's badges from the server: each lead list's unread over the kinds it shows, and the chat's unread total", async () => {
    http.on('GET /customer/user-info', codeOk(demoUser));
    // CPC resources show on 竞价资源, Toutiao's on 信息流资源, distributed resources on 资源列表.
    http.on(
      'GET /customer/feedback/unread-counts',
      leadCounts({ feedback: 1, cpc: 10, infoList: 2, todayHeader: 20, resource: 3, distribution: 54, baiList: 4 }),
    );
    http.on('GET /customer/chat/unread', { body: { totalUnread: 6 } });
    await createShellStore().dispatch(shellApi.endpoints.userInfo.initiate());
    await waitFor(() => expect(getUnreadCounters().chat).toBe(6));
    expect(getUnreadCounters().leads).toEqual({ feedback: 11, infoList: 22, resource: 57, baiList: 4 });
  });

  it('leave the chat counter as it is when its call fails', async () => {
    http.on('GET /customer/user-info', codeOk(demoUser));
    http.on('GET /customer/feedback/unread-counts', leadCounts({ feedback: 1 }));
    http.on('GET /customer/chat/unread', { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } });
    await createShellStore().dispatch(shellApi.endpoints.userInfo.initiate());
    await waitFor(() => expect(getUnreadCounters().leads.feedback).toBe(1));
    await waitFor(() => expect(http.requestsTo('/customer/chat/unread')).toHaveLength(1));
    expect(getUnreadCounters().chat).toBe(0);
  });
});
