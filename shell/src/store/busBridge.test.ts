import { codeOk, installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { getEventBus, MessageArrivedEvent, resetUnreadCounters, setUnreadCounters, UserUpdatedEvent } from '@portal/event-bus';
import { waitFor } from '@testing-library/react';
import { demoUser } from '../testing/renderShell';
import { connectBus } from './busBridge';
import { applyServerCounters } from './ownCounters';
import { shellApi } from './shellApi';
import { createShellStore, type ShellStore } from './store';

const LIST = '/customer/message/messages';
const READ = '/customer/message/messages/7/read';

let http: FakeHttp;
let store: ShellStore;
let disconnect: () => void;
let unsubscribe: () => void;

const listRequests = () => http.requestsTo(LIST, 'GET').length;
/** Lets what an event set going run (the bridge invalidates on a microtask, the fetch follows). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  http = installFakeHttp();
  http.on(`GET ${LIST}`, { body: [] });
  store = createShellStore();
  disconnect = connectBus(store);
  // A list on screen: subscribed, answered once.
  const subscription = store.dispatch(shellApi.endpoints.messages.initiate({ page: 1, pageSize: 10 }));
  unsubscribe = subscription.unsubscribe;
  await subscription;
  expect(listRequests()).toBe(1);
});
afterEach(() => {
  unsubscribe();
  disconnect();
  http.restore();
  resetUnreadCounters();
});

describe('the bus bridge of the shell store', () => {
  it('refetches the cached lists on screen once for a new notice, counters and announcement together', async () => {
    setUnreadCounters({ messages: { system: 1, customer: 1 } });
    getEventBus().publish(new MessageArrivedEvent({ type: 'system', title: '系统维护通知' }));
    await waitFor(() => expect(listRequests()).toBe(2));
    await settle();
    expect(listRequests()).toBe(2);
  });

  it('refetches when the message counters change elsewhere (another tab read, the poller, a snapshot)', async () => {
    setUnreadCounters({ messages: { user: 3, customer: 3 } });
    await waitFor(() => expect(listRequests()).toBe(2));
    // Lead counters are not the message lists' business.
    setUnreadCounters({ leads: { resource: 4 } });
    await settle();
    expect(listRequests()).toBe(2);
  });

  it("leaves the lists alone for counters the shell's own calls answered", async () => {
    applyServerCounters({ system: 2, user: 0, customer: 2 });
    await settle();
    expect(listRequests()).toBe(1);
  });

  it('leaves the lists alone for counters that change while its own read is running (the socket may tell first)', async () => {
    let answer!: () => void;
    http.on(
      `PUT ${READ}`,
      () => new Promise((resolve) => (answer = () => resolve(codeOk({ count: 1, unread: { system: 0, user: 0, customer: 0 } })))),
    );
    const reading = store.dispatch(shellApi.endpoints.readMessage.initiate({ id: 7, keepListed: true }));
    await waitFor(() => expect(http.requestsTo(READ)).toHaveLength(1));
    setUnreadCounters({ messages: { system: 0, user: 0, customer: 0 } });
    setUnreadCounters({ messages: { customer: 5 } });
    answer();
    await reading;
    await settle();
    expect(listRequests()).toBe(1);
  });

  it('merges UserUpdatedEvent into the cached user', async () => {
    http.on('GET /customer/user-info', codeOk(demoUser));
    http.on('GET /customer/feedback/unread-counts', { status: 404, body: { code: '404', message: '请求的资源不存在' } });
    await store.dispatch(shellApi.endpoints.userInfo.initiate());
    getEventBus().publish(new UserUpdatedEvent({ user: { headPic: '/rest/customer/account/avatar?v=2', whetherVoice: 1 } }));
    expect(shellApi.endpoints.userInfo.select()(store.getState()).data).toEqual({
      ...demoUser,
      headPic: '/rest/customer/account/avatar?v=2',
      whetherVoice: 1,
    });
  });

  it('stops when disconnected', async () => {
    disconnect();
    getEventBus().publish(new MessageArrivedEvent({ type: 'system', title: '系统维护通知' }));
    await settle();
    expect(listRequests()).toBe(1);
  });
});
