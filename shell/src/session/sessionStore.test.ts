import { EventBus, getUnreadCounters, SessionLoginEvent, setUnreadCounters } from '@portal/event-bus';
import { waitFor } from '@testing-library/react';
import { demoUser } from '../testing/renderShell';
import { createSessionStore } from './sessionStore';

afterEach(() => setUnreadCounters({ leads: { feedback: 0, infoList: 0, resource: 0, baiList: 0 } }));

describe('session store', () => {
  it('after user-info, publishes the login and fills the lead unread counters once from the server', async () => {
    const bus = new EventBus();
    const logins: string[] = [];
    bus.subscribe(SessionLoginEvent, (event) => logins.push(event.payload.user.loginAccount));
    const loadLeadUnread = jest.fn().mockResolvedValue({ feedback: 3, infoList: 1, resource: 12, baiList: 0 });
    const store = createSessionStore({ loadUser: async () => demoUser, loadLeadUnread, bus });

    store.load();
    await waitFor(() => expect(getUnreadCounters().leads).toEqual({ feedback: 3, infoList: 1, resource: 12, baiList: 0 }));
    expect(logins).toEqual(['demo']);
    store.load();
    expect(loadLeadUnread).toHaveBeenCalledTimes(1);
  });

  it('stays logged in with the counters as they were when the counts cannot be had', async () => {
    setUnreadCounters({ leads: { resource: 5 } });
    const store = createSessionStore({ loadUser: async () => demoUser, loadLeadUnread: () => Promise.reject(new Error('404')), bus: new EventBus() });
    store.load();
    await waitFor(() => expect(store.getState().status).toBe('ready'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getUnreadCounters().leads.resource).toBe(5);
  });

  it('does not ask for the counts when user-info fails', async () => {
    const loadLeadUnread = jest.fn();
    const store = createSessionStore({ loadUser: () => Promise.reject(new Error('401')), loadLeadUnread, bus: new EventBus() });
    store.load();
    await waitFor(() => expect(store.getState().status).toBe('failed'));
    expect(loadLeadUnread).not.toHaveBeenCalled();
  });
});
