import { getEventBus, LeadArrivedEvent, MessageArrivedEvent } from '@portal/event-bus';
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
