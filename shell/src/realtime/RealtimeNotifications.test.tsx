import { ChatMessageEvent, ChatViewingEvent, getEventBus, LeadArrivedEvent, MessageArrivedEvent } from '@portal/event-bus';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ShellProviders } from '../app/ShellProviders';
import { renderShell } from '../testing/renderShell';
import { mergeNotice, NewDataNotices, RealtimeNotifications } from './RealtimeNotifications';

const ORIGINAL_TITLE = '客户中心 - 智能投放';
let play: jest.Mock;
let audio: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  document.title = ORIGINAL_TITLE;
  play = jest.fn(() => Promise.reject(new DOMException('play() failed because the user did not interact', 'NotAllowedError')));
  audio = jest.spyOn(window, 'Audio').mockImplementation(() => ({ play }) as unknown as HTMLAudioElement);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const leadArrives = (list: 'resource' | 'infoList' | 'feedback' | 'baiList', count = 1) =>
  act(() => getEventBus().publish(new LeadArrivedEvent({ list, count })));
const messageArrives = (title: string) => act(() => getEventBus().publish(new MessageArrivedEvent({ type: 'user', title })));
const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const chatArrives = (conversationId: number | undefined, message?: string, count = 1) =>
  act(() =>
    getEventBus().publish(
      new ChatMessageEvent({
        count,
        totalUnread: count,
        ...(conversationId === undefined ? {} : { conversationId, messageId: 100 + conversationId, visitorName: `访客000${conversationId}` }),
        ...(message === undefined ? {} : { message }),
      }),
    ),
  );
const viewing = (conversationId: number | null) => act(() => getEventBus().publish(new ChatViewingEvent({ conversationId })));

describe('new-data notices', () => {
  it('shows a closable new-resource pop-up naming the list, with 查看 going to the list', () => {
    renderShell(<NewDataNotices whetherVoice={0} />, { path: '/work-bench' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    leadArrives('resource');
    const notice = screen.getByRole('alert', { name: '新资源提醒' });
    expect(notice).toHaveTextContent('您有1条新的智能投放资源');
    fireEvent.click(within(notice).getByRole('link', { name: '查看' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/resource');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes the pop-up with 关闭', () => {
    renderShell(<NewDataNotices whetherVoice={0} />);
    leadArrives('infoList', 2);
    const notice = screen.getByRole('alert', { name: '新资源提醒' });
    expect(notice).toHaveTextContent('您有2条新的信息流资源');
    expect(within(notice).getByRole('link', { name: '查看' })).toHaveAttribute('href', '/info-list');
    fireEvent.click(within(notice).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds arrivals of one list up in its pop-up, and gives each list and the messages their own', () => {
    renderShell(<NewDataNotices whetherVoice={1} />);
    leadArrives('resource');
    leadArrives('resource', 2);
    leadArrives('feedback');
    messageArrives('您的账户已充值');
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('您有3条新的智能投放资源'),
      expect.stringContaining('您有1条新的竞价资源'),
      expect.stringContaining('您有新的消息'),
    ]);
    const message = screen.getByRole('alert', { name: '新消息提醒' });
    expect(message).toHaveTextContent('您的账户已充值');
    fireEvent.click(within(message).getByRole('link', { name: '查看' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/message-center');
  });

  it('alternates the tab title every second until a pop-up is closed, then restores it exactly', () => {
    renderShell(<NewDataNotices whetherVoice={1} />);
    leadArrives('resource');
    expect(document.title).toBe(`【新消息】${ORIGINAL_TITLE}`);
    tick(1000);
    expect(document.title).toBe(ORIGINAL_TITLE);
    tick(1000);
    expect(document.title).toBe(`【新消息】${ORIGINAL_TITLE}`);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(document.title).toBe(ORIGINAL_TITLE);
    tick(5000);
    expect(document.title).toBe(ORIGINAL_TITLE);
  });

  it('stops alternating the title when the window gets focus (the pop-up stays)', () => {
    renderShell(<NewDataNotices whetherVoice={1} />);
    leadArrives('resource');
    tick(2000);
    expect(document.title).toBe(`【新消息】${ORIGINAL_TITLE}`);
    act(() => {
      window.dispatchEvent(new FocusEvent('focus'));
    });
    expect(document.title).toBe(ORIGINAL_TITLE);
    tick(3000);
    expect(document.title).toBe(ORIGINAL_TITLE);
    expect(screen.getByRole('alert', { name: '新资源提醒' })).toBeInTheDocument();
  });

  it('plays the chime when whetherVoice is 0, and ignores the autoplay refusal', async () => {
    renderShell(<NewDataNotices whetherVoice={0} />);
    leadArrives('resource');
    expect(audio).toHaveBeenCalledWith('/sounds/notify.wav');
    expect(play).toHaveBeenCalledTimes(1);
    // The catch-up announces several lists at once: one chime.
    leadArrives('infoList');
    expect(play).toHaveBeenCalledTimes(1);
    tick(2000);
    messageArrives('系统维护通知');
    expect(play).toHaveBeenCalledTimes(2);
    await act(async () => {
      await Promise.resolve();
    });
  });

  it('plays no sound when whetherVoice is 1, and follows a change of the setting', () => {
    const framed = (whetherVoice: number) => (
      <ShellProviders>
        <MemoryRouter>
          <NewDataNotices whetherVoice={whetherVoice} />
        </MemoryRouter>
      </ShellProviders>
    );
    const { rerender } = render(framed(1));
    leadArrives('resource');
    expect(audio).not.toHaveBeenCalled();
    expect(screen.getByRole('alert', { name: '新资源提醒' })).toBeInTheDocument();
    // The account page switched the reminder on (UserUpdatedEvent reaches the frame's user).
    rerender(framed(0));
    leadArrives('resource');
    expect(audio).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert', { name: '新资源提醒' })).toHaveTextContent('您有2条新的智能投放资源');
  });

  it("tells a new chat message like a new lead: 新的在线咨询 with the visitor's text, the chime, the title, 查看 opening the conversation", () => {
    renderShell(<NewDataNotices whetherVoice={0} />, { path: '/work-bench' });
    chatArrives(8, '请问多少钱？');
    const notice = screen.getByRole('alert', { name: '新的在线咨询' });
    expect(notice).toHaveTextContent('访客0008发来新消息');
    expect(notice).toHaveTextContent('请问多少钱？');
    expect(play).toHaveBeenCalledTimes(1);
    expect(document.title).toBe(`【新消息】${ORIGINAL_TITLE}`);
    expect(within(notice).getByRole('link', { name: '查看' })).toHaveAttribute('href', '/online-chat?id=8');

    // A second message of another conversation: one pop-up counting both, leading to the panel.
    chatArrives(9, '在吗');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(notice).toHaveTextContent('您有2条新的在线咨询消息');
    expect(notice).toHaveTextContent('在吗');
    fireEvent.click(within(notice).getByRole('link', { name: '查看' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/online-chat');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // From a poll (a total rose, no conversation known).
    chatArrives(undefined, undefined, 3);
    expect(screen.getByRole('alert', { name: '新的在线咨询' })).toHaveTextContent('您有3条新的在线咨询消息');
  });

  it('keeps no notice nor sound for a message in the conversation the panel shows while the page is looked at', () => {
    const focus = jest.spyOn(document, 'hasFocus').mockReturnValue(true);
    renderShell(<NewDataNotices whetherVoice={0} />, { path: '/online-chat?id=8' });
    viewing(8);
    chatArrives(8, '已经看到的');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();
    expect(document.title).toBe(ORIGINAL_TITLE);

    // Another conversation: told.
    chatArrives(9, '另一个访客');
    expect(screen.getByRole('alert', { name: '新的在线咨询' })).toHaveTextContent('另一个访客');
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));

    // The window lost the focus: the shown conversation's message is told too.
    focus.mockReturnValue(false);
    tick(2000);
    chatArrives(8, '离开时来的');
    expect(screen.getByRole('alert', { name: '新的在线咨询' })).toHaveTextContent('离开时来的');
    expect(play).toHaveBeenCalledTimes(2);

    // The panel closed the conversation: told even with the focus.
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    focus.mockReturnValue(true);
    viewing(null);
    chatArrives(8, '关掉以后');
    expect(screen.getByRole('alert', { name: '新的在线咨询' })).toHaveTextContent('关掉以后');
  });

  it('plays no chime for a chat message when whetherVoice is 1 (the pop-up still shows)', () => {
    renderShell(<NewDataNotices whetherVoice={1} />);
    chatArrives(3, '你好');
    expect(audio).not.toHaveBeenCalled();
    expect(screen.getByRole('alert', { name: '新的在线咨询' })).toBeInTheDocument();
  });

  it('merges arrivals per target', () => {
    const merged = mergeNotice(
      [
        { target: 'messages', count: 1, title: '旧' },
        { target: 'resource', count: 1 },
      ],
      { target: 'messages', count: 1 },
    );
    expect(merged).toEqual([
      { target: 'resource', count: 1 },
      { target: 'messages', count: 2, title: '旧' },
    ]);
  });
});

describe('RealtimeNotifications', () => {
  it('starts the realtime feed on mount and stops it on unmount', () => {
    const stop = jest.fn();
    const start = jest.fn(() => ({ status$: { subscribe: jest.fn() } as never, stop }));
    const { unmount } = renderShell(<RealtimeNotifications whetherVoice={0} start={start} />);
    expect(start).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();
    unmount();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
