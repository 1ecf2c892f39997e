import { WhetherVoice } from '@portal/contracts';
import { ChatMessageEvent, ChatViewingEvent, getEventBus, LeadArrivedEvent, MessageArrivedEvent, type EventBus } from '@portal/event-bus';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NewDataNoticeStack, type DataNotice, type NoticeTarget } from './NewDataNotice';
import { playNotifySound, throttleSound, TitleFlasher } from './notifier';
import { startRealtime, type RealtimeConnection } from './realtimeService';

/**
 * Adds an arrival to the pop-up of its target (counts add up), which moves to the newest place. A
 * chat pop-up keeps its conversation while every message is of that one (查看 opens it), else
 * leads to the panel.
 */
export function mergeNotice(notices: readonly DataNotice[], arrival: DataNotice): DataNotice[] {
  const existing = notices.find((notice) => notice.target === arrival.target);
  if (!existing) return [...notices, arrival];
  const merged: DataNotice = { target: arrival.target, count: existing.count + arrival.count, title: arrival.title ?? existing.title };
  if (arrival.target === 'chat') {
    if (arrival.conversationId !== undefined && arrival.conversationId === existing.conversationId) merged.conversationId = arrival.conversationId;
    if (arrival.visitorName !== undefined) merged.visitorName = arrival.visitorName;
  }
  return [...notices.filter((notice) => notice !== existing), merged];
}

/** Whether the user is looking at the page now: its tab shown and its window focused. */
const pageLooked = (): boolean => document.visibilityState === 'visible' && document.hasFocus();

export interface NewDataNoticesProps {
  /** The session user's sound reminder: 0 (WhetherVoice.On) plays the chime. */
  whetherVoice: number;
  bus?: EventBus;
  /** Default: the chime, at most once every 2 s. */
  playSound?: () => void;
  flasher?: TitleFlasher;
}

/**
 * Turns LeadArrivedEvent, MessageArrivedEvent and ChatMessageEvent into the notice of spec 000
 * section 4: the chime when whetherVoice is 0, the alternating tab title until the window gets
 * focus or a pop-up is closed, and a closable pop-up per list (one for messages, one for the chat,
 * 新的在线咨询 with the visitor's text) with a 查看 link to it. A chat message in the conversation
 * the chat panel shows (ChatViewingEvent) while the page is looked at makes none of these: the
 * panel shows it.
 */
export function NewDataNotices({ whetherVoice, bus = getEventBus(), playSound, flasher }: NewDataNoticesProps) {
  const [notices, setNotices] = useState<DataNotice[]>([]);
  const [defaultSound] = useState(() => throttleSound(() => playNotifySound()));
  const [defaultFlasher] = useState(() => new TitleFlasher());
  const sound = playSound ?? defaultSound;
  const title = flasher ?? defaultFlasher;
  const voice = useRef(whetherVoice);
  useEffect(() => {
    voice.current = whetherVoice;
  }, [whetherVoice]);

  useEffect(() => {
    let viewing: number | null = null;
    const arrive = (arrival: DataNotice) => {
      setNotices((current) => mergeNotice(current, arrival));
      if (voice.current === WhetherVoice.On) sound();
      title.start();
    };
    const subscriptions = [
      bus.subscribe(LeadArrivedEvent, (event) => arrive({ target: event.payload.list, count: event.payload.count })),
      bus.subscribe(MessageArrivedEvent, (event) => arrive({ target: 'messages', count: 1, title: event.payload.title || undefined })),
      bus.subscribe(ChatViewingEvent, (event) => {
        viewing = event.payload.conversationId;
      }),
      bus.subscribe(ChatMessageEvent, ({ payload }) => {
        if (payload.conversationId !== undefined && payload.conversationId === viewing && pageLooked()) return;
        arrive({
          target: 'chat',
          count: payload.count,
          ...(payload.message ? { title: payload.message } : {}),
          ...(payload.conversationId === undefined ? {} : { conversationId: payload.conversationId }),
          ...(payload.visitorName ? { visitorName: payload.visitorName } : {}),
        });
      }),
    ];
    const onFocus = () => title.stop();
    window.addEventListener('focus', onFocus);
    return () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      window.removeEventListener('focus', onFocus);
      title.stop();
    };
  }, [bus, sound, title]);

  const dismiss = useCallback(
    (target: NoticeTarget) => {
      setNotices((current) => current.filter((notice) => notice.target !== target));
      title.stop();
    },
    [title],
  );

  return <NewDataNoticeStack notices={notices} onClose={dismiss} onView={dismiss} />;
}

export interface RealtimeNotificationsProps {
  whetherVoice: number;
  /** Default: the socket on /rest/ws with the 3-minute poll as its fallback. */
  start?: () => RealtimeConnection;
}

/** Mounted once in the logged-in frame: runs the realtime feed while mounted and shows its notices. */
export function RealtimeNotifications({ whetherVoice, start = startRealtime }: RealtimeNotificationsProps) {
  useEffect(() => {
    const connection = start();
    return () => connection.stop();
  }, [start]);
  return <NewDataNotices whetherVoice={whetherVoice} />;
}
